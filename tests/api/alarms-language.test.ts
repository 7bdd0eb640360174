import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { translate } from '../../server/localization/texts';
import { DEMO_PASSWORD, DEMO_USERS, DEMO_WATCHES } from '../../server/seed/demo';
import { caller } from '../support/api-calls';
import { createTenantUser } from '../support/fixtures';
import { createCircle, demoDevices, north, queryFix, sendQuery } from '../support/osmand';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { startSmtpServer, type TestMailbox } from '../support/smtp';

/**
 * A user's language is the one they chose in the app (server/accounts/user-language.ts): a carer
 * who switched the app to Danish gets their alarms in Danish, by mail and in the app, while a
 * receiver of the same watch who chose German gets German, and a receiver without an account the
 * language given at the invitation. Real fixes over the OsmAnd port, real mails over SMTP.
 */
const MUM = DEMO_WATCHES[0].imei;
const HOME = { lat: 55.6761, lon: 12.5683 };
const PROFILE = '/api/plugandplay/profile';
const to = (m: ParsedMail) => (m.to && 'text' in m.to ? m.to.text : '').toLowerCase();

interface AlarmItem {
  type: string;
  subject: string;
  body: string;
}

describe.each(DATABASES)('alarms in each receiver language ($name)', ({ url }) => {
  let mailbox: TestMailbox;
  let server: TestServer;
  let port: string;
  let carer: string;
  let receiver: { token: string; email: string; userId: string };
  let clock = 0;
  const call = caller(() => server);
  const values = { device: "Mum's watch", zone: 'Home' };
  const exitSubject = (lng: string) => translate('tracking:alarm.geofenceExit.subject', lng, values);

  beforeAll(async () => {
    mailbox = await startSmtpServer();
    server = await startServer(url, { ingestPort: 0, smtpUrl: mailbox.url });
    port = `http://127.0.0.1:${server.config.ingestPort}`;
    const { db } = server.database;
    const { mum } = await demoDevices(db);
    // After the demo's seeded week: these fixes are the watch's newest.
    clock = Date.now() - 20 * 60_000;
    await db.deleteFrom('geofence_links').where('device_id', '=', mum.id).execute();
    await db.deleteFrom('device_alarm_receivers').where('device_id', '=', mum.id).execute();
    await createCircle(db, { tenantId: mum.tenant_id, deviceId: mum.id, ...HOME, radius: 100, name: 'Home' });
    const helper = await createTenantUser(db, { tenantId: mum.tenant_id, userName: 'german-helper', role: 'carer-language', policies: CAREGIVER_POLICIES });
    receiver = { token: (await tokensFor(server.url, helper.userName, helper.password)).access_token, email: `${helper.userName}@fixtures.vigil.local`, userId: helper.userId };
    carer = (await tokensFor(server.url, DEMO_USERS.caregiver.userName, DEMO_PASSWORD)).access_token;
    // A receiver with no account: the language given at the invitation is all there is of theirs.
    await db.insertInto('device_alarm_receivers').values({ id: randomUUID(), tenant_id: mum.tenant_id, device_id: mum.id, email: 'nabo@example.org', language: 'sv', status: 'active' }).execute();
  });
  afterAll(async () => {
    await server?.stop();
    await mailbox?.stop();
  });

  const language = async (token: string) => (await call(token, 'GET', PROFILE)).body.language;

  it("keeps the language a user switches the app to as theirs, and no other request's language changes it", async () => {
    expect(await language(carer)).toBe('en');
    expect(await call(carer, 'PUT', `${PROFILE}/language`, { language: 'da-DK' }, { lang: 'da-DK' })).toEqual({ status: 200, body: { language: 'da-DK' } });
    expect(await language(carer)).toBe('da-DK');
    // A profile form sent from a browser still in English does not undo the choice.
    const profile = (await call(carer, 'GET', PROFILE)).body as { fullName: string; email: string };
    expect((await call(carer, 'PUT', `${PROFILE}/update-profile`, { fullName: profile.fullName, email: profile.email }, { lang: 'en' })).status).toBe(200);
    expect(await language(carer)).toBe('da-DK');
  });

  it('refuses a language Vigil does not speak, in the caller\'s language, and anyone not signed in', async () => {
    const refused = await call(carer, 'PUT', `${PROFILE}/language`, { language: 'xx-YY' }, { lang: 'da-DK' });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.validationErrors?.[0]?.members).toEqual(['language']);
    expect(refused.body.error?.validationErrors?.[0]?.message).toContain(translate('profile:fields.language', 'da-DK'));
    expect(refused.body.error?.message).toBe(translate('errors.validation', 'da-DK'));
    const anonymous = await fetch(`${server.url}${PROFILE}/language`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ language: 'de-DE' }) });
    expect(anonymous.status).toBe(401);
    expect(await language(carer)).toBe('da-DK');
  });

  it("a receiver's own choice counts, not the language they had when they were added", async () => {
    // Added while English; then they switch the app to German.
    expect((await call(carer, 'POST', `${PROFILE}/invite-user`, { deviceId: (await demoDevices(server.database.db)).mum.id, email: receiver.email })).status).toBe(202);
    const row = await server.database.db.selectFrom('device_alarm_receivers').select('language').where('user_id', '=', receiver.userId).executeTakeFirstOrThrow();
    expect(row.language).toBe('en');
    expect(await call(receiver.token, 'PUT', `${PROFILE}/language`, { language: 'de-DE' })).toEqual({ status: 200, body: { language: 'de-DE' } });
  });

  it('alarms the Danish carer in Danish and the German receiver in German, by mail and in the app', async () => {
    const fix = (metresNorth: number) => sendQuery(port, queryFix(MUM, { ...north(HOME.lat, HOME.lon, metresNorth), accuracy: 10, time: new Date((clock += 60_000)) }));
    expect(await fix(20)).toBe(200); // inside
    expect(await fix(320)).toBe(200); // outside: a suspicion
    expect(await fix(340)).toBe(200); // outside again: the exit

    const danish = await mailbox.waitFor((m) => m.subject === exitSubject('da-DK'));
    expect(to(danish)).toBe(DEMO_USERS.caregiver.email.toLowerCase());
    expect(danish.text).toContain("Mum's watch forlod den sikre zone Home kl.");
    const german = await mailbox.waitFor((m) => m.subject === exitSubject('de-DE'));
    expect(to(german)).toBe(receiver.email);
    expect(german.text).toContain("Mum's watch hat die Sicherheitszone Home um");
    const swedish = await mailbox.waitFor((m) => m.subject === exitSubject('sv'));
    expect(to(swedish)).toBe('nabo@example.org');
    // Each once, in their own language only.
    await new Promise((r) => setTimeout(r, 1000));
    const exits = mailbox.messages.filter((m) => [exitSubject('da-DK'), exitSubject('de-DE'), exitSubject('sv'), exitSubject('en')].includes(m.subject ?? ''));
    expect(exits.map((m) => `${to(m)} ${m.subject}`).sort()).toEqual([`${receiver.email} ${exitSubject('de-DE')}`, `${DEMO_USERS.caregiver.email.toLowerCase()} ${exitSubject('da-DK')}`, `nabo@example.org ${exitSubject('sv')}`].sort());

    const inApp = async (token: string) => ((await call(token, 'GET', '/api/app/tracking/alarms?unacknowledged=true')).body.items as AlarmItem[]).filter((a) => a.type === 'geofenceExit');
    const [carerMessage] = await inApp(carer);
    expect(carerMessage?.subject).toBe(exitSubject('da-DK'));
    expect(carerMessage?.body).toContain("Mum's watch forlod den sikre zone Home kl.");
    const [receiverMessage] = await inApp(receiver.token);
    expect(receiverMessage?.subject).toBe(exitSubject('de-DE'));
    expect(receiverMessage?.body).toContain('Sicherheitszone Home um');
  });
});
