import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { DEMO_PASSWORD, DEMO_TENANT, DEMO_USERS } from '../../server/seed/demo';
import { normalize } from '../../server/identity/user-records';
import { translate } from '../../server/localization/texts';
import { findLanguage } from '../../common/languages';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { startSmtpServer, type TestMailbox } from '../support/smtp';
import { tokensFor } from '../support/sign-in';
import { createTenantUser } from '../support/fixtures';
import { caller } from '../support/api-calls';

/**
 * Alarm receivers per device (/api/plugandplay/profile: invite-user, invited-by-user,
 * delete-invited-user): only activated accounts of the same tenant, told by mail in their own
 * language, on the caller's own devices only.
 */
const PROFILE = '/api/plugandplay/profile';
const SENT = "If this email belongs to an activated Vigil account here, that person now receives this watch's alarms and gets an email about it.";

interface Receiver {
  id: string;
  deviceId: string;
  email: string;
  name: string;
  status: string;
  userId: string;
}

describe.each(DATABASES)('device alarm receivers ($name)', ({ url: databaseUrl }) => {
  let mailbox: TestMailbox;
  let server: TestServer;
  let demoTenant: string;
  let carer: string;
  let other: string;
  let mumWatch: string;
  let dadWatch: string;
  const call = caller(() => server);
  const invite = (token: string, body: Record<string, unknown>, lang = 'en') => call(token, 'POST', `${PROFILE}/invite-user`, body, { lang });
  const messageOf = (res: { body: { error?: { validationErrors: { message: string; members: string[] }[] | null } } }) => res.body.error?.validationErrors?.[0];

  async function person(userName: string, extra: { is_active?: boolean; email_confirmed?: boolean; tenant?: string } = {}) {
    const user = await createTenantUser(server.database.db, { ...(extra.tenant ? { tenant: extra.tenant } : { tenantId: demoTenant }), userName, role: 'carer-r', policies: CAREGIVER_POLICIES });
    if (extra.is_active !== undefined || extra.email_confirmed !== undefined) {
      await server.database.db.updateTable('users').set({ is_active: extra.is_active ?? true, email_confirmed: extra.email_confirmed ?? true }).where('id', '=', user.userId).execute();
    }
    return { ...user, email: `${userName}@fixtures.vigil.local` };
  }

  beforeAll(async () => {
    mailbox = await startSmtpServer();
    server = await startServer(databaseUrl, { smtpUrl: mailbox.url });
    const db = server.database.db;
    demoTenant = (await db.selectFrom('tenants').select('id').where('normalized_name', '=', normalize(DEMO_TENANT)).executeTakeFirstOrThrow()).id;
    const b = await person('carer-other');
    [carer, other] = (await Promise.all([tokensFor(server.url, 'caregiver', DEMO_PASSWORD), tokensFor(server.url, b.userName, b.password)])).map((t) => t.access_token) as [string, string];
    const devices = (await call(carer, 'GET', '/api/plugandplay/devicemanage/getAssignDeviceToUser')).body.items as { id: string; name: string }[];
    [mumWatch, dadWatch] = [devices.find((d) => d.name === "Mum's watch")!.id, devices.find((d) => d.name === "Dad's watch")!.id];
  });
  afterAll(async () => {
    await server?.stop();
    await mailbox?.stop();
  });

  it('adds an activated user of the tenant as an active receiver and mails them in their own language', async () => {
    const staff = await server.database.db.selectFrom('users').select('id').where('normalized_user_name', '=', 'STAFF').executeTakeFirstOrThrow();
    // The staff member switched the app to Danish: that is their language (server/accounts/user-language.ts).
    const staffToken = (await tokensFor(server.url, DEMO_USERS.staff.userName, DEMO_PASSWORD)).access_token;
    expect(await call(staffToken, 'PUT', `${PROFILE}/language`, { language: 'da-DK' })).toEqual({ status: 200, body: { language: 'da-DK' } });
    const res = await invite(carer, { deviceId: mumWatch, email: ` ${DEMO_USERS.staff.email.toUpperCase()} ` });
    // The same answer for any address, without the person's name (docs/decisions/027-mail-abuse.md).
    expect(res, JSON.stringify(res.body)).toEqual({ status: 202, body: { message: SENT } });
    const row = await server.database.db.selectFrom('device_alarm_receivers').selectAll().where('device_id', '=', mumWatch).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: DEMO_USERS.staff.email, user_id: staff.id, language: findLanguage('da')!.cultureName, tenant_id: demoTenant, status: 'active' });

    const subject = translate('devices:inviteMail.subject', 'da', { device: "“Mum's watch”" });
    expect(subject).not.toBe(translate('devices:inviteMail.subject', 'en', { device: "“Mum's watch”" }));
    const mail = await mailbox.waitFor((m) => m.subject === subject);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(DEMO_USERS.staff.email);
    // Names in the mail are quoted as typed data.
    expect(mail.text).toContain('“Clara Carer”');
    expect(mail.text).toContain(translate('devices:inviteMail.greeting', 'da', { name: '“Sam Staff”' }));
  });

  it("answers a pending account, an unknown email, another tenant's user and a second add like an add, and refuses oneself", async () => {
    const inactive = await person('pending-inactive', { is_active: false });
    const unconfirmed = await person('pending-unconfirmed', { email_confirmed: false });
    const elsewhere = await person('foreign-carer', { tenant: 'Receivers Elsewhere' });
    for (const email of [inactive.email, unconfirmed.email, 'nobody-here@example.org', elsewhere.email, DEMO_USERS.staff.email]) {
      expect(await invite(carer, { deviceId: mumWatch, email }), email).toEqual({ status: 202, body: { message: SENT } });
    }
    expect(messageOf(await invite(carer, { deviceId: mumWatch, email: DEMO_USERS.caregiver.email }))?.message).toBe("You already receive this device's alarms as its owner.");
    const danish = await invite(carer, { deviceId: mumWatch, email: inactive.email }, 'da');
    expect(danish).toEqual({ status: 202, body: { message: translate('devices:receivers.inviteSent', 'da') } });
    expect(translate('devices:receivers.inviteSent', 'da')).not.toBe(SENT);
    const rows = await server.database.db.selectFrom('device_alarm_receivers').select('email').where('device_id', '=', mumWatch).execute();
    expect(rows.map((r) => r.email)).toEqual([DEMO_USERS.staff.email]);
    await new Promise((r) => setTimeout(r, 500));
    expect(mailbox.messages.filter((m) => [inactive.email, unconfirmed.email, elsewhere.email].includes(m.to && 'text' in m.to ? m.to.text : ''))).toHaveLength(0);
  });

  it('validates the body and refuses another carer\'s device as not found', async () => {
    const badEmail = await invite(carer, { deviceId: mumWatch, email: 'not-an-email' });
    expect(badEmail.status).toBe(400);
    expect(messageOf(badEmail)).toEqual({ members: ['email'], message: 'Email must be valid!' });
    expect(messageOf(await invite(carer, { email: DEMO_USERS.staff.email }))?.members).toEqual(['deviceId']);
    const theirs = await invite(other, { deviceId: mumWatch, email: DEMO_USERS.staff.email });
    expect(theirs.status).toBe(404);
    expect((await invite(carer, { deviceId: 'nope', email: DEMO_USERS.staff.email })).status).toBe(404);
  });

  it('two adds of the same person at once make one receiver', async () => {
    const p = await person('racing-receiver');
    const results = await Promise.all([invite(carer, { deviceId: dadWatch, email: p.email }), invite(carer, { deviceId: dadWatch, email: p.email })]);
    expect(results.map((r) => r.status)).toEqual([202, 202]);
    const rows = await server.database.db.selectFrom('device_alarm_receivers').select('id').where('device_id', '=', dadWatch).where('user_id', '=', p.userId).execute();
    expect(rows).toHaveLength(1);
  });

  it("lists the receivers of the caller's devices, all or one device's; another carer sees none of them", async () => {
    const all = await call(carer, 'GET', `${PROFILE}/invited-by-user`);
    expect(all.status).toBe(200);
    const items = all.body.items as Receiver[];
    expect(items.map((r) => r.deviceId).sort()).toEqual([mumWatch, dadWatch].sort());
    const one = await call(carer, 'GET', `${PROFILE}/invited-by-user?deviceId=${mumWatch}`);
    expect((one.body.items as Receiver[]).map((r) => r.email)).toEqual([DEMO_USERS.staff.email]);
    expect((await call(other, 'GET', `${PROFILE}/invited-by-user`)).body.items).toEqual([]);
    expect((await call(other, 'GET', `${PROFILE}/invited-by-user?deviceId=${mumWatch}`)).status).toBe(404);
  });

  it('removes a receiver of an own device; another carer cannot', async () => {
    const [receiver] = (await call(carer, 'GET', `${PROFILE}/invited-by-user?deviceId=${mumWatch}`)).body.items as Receiver[];
    const refused = await call(other, 'DELETE', `${PROFILE}/delete-invited-user/${receiver!.id}`);
    expect(refused.status).toBe(404);
    expect(refused.body.error?.message).toBe('The alarm receiver was not found.');
    expect((await call(carer, 'DELETE', `${PROFILE}/delete-invited-user/not-an-id`)).status).toBe(404);
    expect((await call(carer, 'DELETE', `${PROFILE}/delete-invited-user/${receiver!.id}`)).status).toBe(204);
    expect((await call(carer, 'GET', `${PROFILE}/invited-by-user?deviceId=${mumWatch}`)).body.items).toEqual([]);
    expect((await call(carer, 'DELETE', `${PROFILE}/delete-invited-user/${receiver!.id}`)).status).toBe(404);
    // Removed, the person can be added again.
    expect((await invite(carer, { deviceId: mumWatch, email: DEMO_USERS.staff.email })).status).toBe(202);
  });
});
