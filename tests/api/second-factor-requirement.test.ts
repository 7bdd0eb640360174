import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { Secret, TOTP } from 'otpauth';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { startSmtpServer, type TestMailbox } from '../support/smtp';
import { signIn, tokensFor } from '../support/sign-in';
import { createTenantUser } from '../support/fixtures';
import { caller, type Json } from '../support/api-calls';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { openPasskeyInteraction, passkeyOptions } from '../support/passkey-sign-in';
import { openInteraction } from '../support/interaction';
import { DEMO_PASSWORD } from '../../server/seed/demo';

/**
 * Requiring a second factor per tenant or per role (issue 15 item 6): a user it covers who has
 * neither passkey nor authenticator app gets the mailed code after the password, never nothing; the
 * app's code or a passkey satisfy it.
 */
describe.each(DATABASES)('requiring a second factor on $name', ({ url }) => {
  let mailbox: TestMailbox;
  let server: TestServer;
  let admin: string;
  const call = caller(() => server);

  /** As the host administrator, in a tenant (`__tenant`). */
  const asHost = async (method: string, path: string, tenantId: string | null, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'accept-language': 'en', ...(tenantId ? { __tenant: tenantId } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };

  /** The six-digit code in the newest sign-in mail to `to` after `after` mails. */
  const mailedCode = async (to: string, after: number) => {
    const mail = await mailbox.waitFor((m) => mailbox.messages.indexOf(m) >= after && m.subject === 'Your Vigil sign-in code' && (m.to && 'text' in m.to ? m.to.text : '') === to);
    return /\b(\d{6})\b/.exec(mail.text ?? '')![1]!;
  };
  const emailOf = (userName: string) => `${userName}@fixtures.vigil.local`;

  beforeAll(async () => {
    mailbox = await startSmtpServer();
    server = await startServer(url, { smtpUrl: mailbox.url });
    admin = (await tokensFor(server.url, 'admin', DEMO_PASSWORD)).access_token;
  });
  afterAll(async () => {
    await server?.stop();
    await mailbox?.stop();
  });

  it('a tenant that requires it: the password is followed by a mailed code; other tenants are not affected', async () => {
    const { db } = server.database;
    const user = await createTenantUser(db, { tenant: 'Strict Care', userName: 'strict-carer', role: 'Carer', policies: [] });
    const elsewhere = await createTenantUser(db, { tenant: 'Relaxed Care', userName: 'relaxed-carer', role: 'Carer', policies: [] });

    expect((await asHost('GET', '/api/setting-management/second-factor', user.tenantId)).body).toEqual({ requireSecondFactor: false });
    const saved = await asHost('PUT', '/api/setting-management/second-factor', user.tenantId, { requireSecondFactor: true });
    expect(saved).toEqual({ status: 200, body: { requireSecondFactor: true } });
    expect((await asHost('GET', '/api/setting-management/second-factor', null)).body).toEqual({ requireSecondFactor: false });

    const first = mailbox.messages.length;
    const passwordOnly = await signIn(server.url, user.userName, user.password);
    expect(passwordOnly.tokens).toBeUndefined();
    expect(passwordOnly.page).toContain('name="code"');
    // That sign-in's mail is delivered before the next sign-in's is looked for.
    await mailedCode(emailOf(user.userName), first);
    const before = mailbox.messages.length;
    const withCode = await signIn(server.url, user.userName, user.password, { twoFactorCode: () => mailedCode(emailOf(user.userName), before) });
    expect(withCode.tokens?.access_token).toBeTruthy();

    expect((await signIn(server.url, elsewhere.userName, elsewhere.password)).tokens).toBeTruthy();
    // The tenant's users see the setting in the application configuration.
    const config = await call(withCode.tokens!.access_token, 'GET', '/api/abp/application-configuration');
    expect((config.body.setting as { values: Record<string, string> }).values['Vigil.Identity.RequireSecondFactor']).toBe('true');
  });

  it('a role that requires it covers its members, directly or through an organisation unit, and no one else', async () => {
    const { db } = server.database;
    const nurse = await createTenantUser(db, { tenant: 'Role Care', userName: 'role-nurse', role: 'Nurse', policies: [] });
    const cook = await createTenantUser(db, { tenantId: nurse.tenantId, userName: 'role-cook', role: 'Cook', policies: [] });
    const staff = await createTenantUser(db, { tenantId: nurse.tenantId, userName: 'role-staff', role: 'Role Staff', policies: ['AbpIdentity.Roles', 'AbpIdentity.Roles.Update'] });
    const staffToken = (await tokensFor(server.url, staff.userName, staff.password)).access_token;
    const nurseRole = await db.selectFrom('roles').select('id').where('name', '=', 'Nurse').where('tenant_id', '=', nurse.tenantId).executeTakeFirstOrThrow();

    expect((await call(staffToken, 'GET', `/api/identity/roles/${nurseRole.id}/second-factor`)).body).toEqual({ roleId: nurseRole.id, requireSecondFactor: false });
    const put = await call(staffToken, 'PUT', `/api/identity/roles/${nurseRole.id}/second-factor`, { requireSecondFactor: true });
    expect(put).toEqual({ status: 200, body: { roleId: nurseRole.id, requireSecondFactor: true } });

    expect((await signIn(server.url, nurse.userName, nurse.password)).page).toContain('name="code"');
    expect((await signIn(server.url, cook.userName, cook.password)).tokens).toBeTruthy();

    // The cook given the role through an organisation unit is covered too.
    const unitId = randomUUID();
    await db.insertInto('organization_units').values({ id: unitId, tenant_id: nurse.tenantId, parent_id: null, code: '00099', display_name: 'Night ward', concurrency_stamp: randomUUID() }).execute();
    await db.insertInto('organization_unit_roles').values({ organization_unit_id: unitId, role_id: nurseRole.id, tenant_id: nurse.tenantId }).execute();
    await db.insertInto('user_organization_units').values({ user_id: cook.userId, organization_unit_id: unitId, tenant_id: nurse.tenantId }).execute();
    expect((await signIn(server.url, cook.userName, cook.password)).page).toContain('name="code"');

    const audit = await db.selectFrom('audit_logs').select('entity_changes').where('url', 'like', `%${nurseRole.id}/second-factor`).where('http_method', '=', 'PUT').executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.entity_changes)).toContain('requireSecondFactor');
  });

  it('the authenticator app or a passkey meets the requirement: no mailed code then', async () => {
    const { db } = server.database;
    const tenant = await createTenantUser(db, { tenant: 'Factor Care', userName: 'factor-app', role: 'Carer', policies: [] });
    const passkeyUser = await createTenantUser(db, { tenantId: tenant.tenantId, userName: 'factor-passkey', role: 'Carer', policies: [] });
    const appToken = (await tokensFor(server.url, tenant.userName, tenant.password)).access_token;
    const passkeyToken = (await tokensFor(server.url, passkeyUser.userName, passkeyUser.password)).access_token;

    const setup = await call(appToken, 'POST', '/api/account/authenticator/setup', { password: tenant.password });
    const totp = new TOTP({ secret: Secret.fromBase32(setup.body.secret as string), algorithm: 'SHA1', digits: 6, period: 30 });
    expect((await call(appToken, 'POST', '/api/account/authenticator/enable', { code: totp.generate() })).status).toBe(200);
    const authenticator = new SoftAuthenticator();
    const options = await call(passkeyToken, 'POST', '/api/account/passkeys/registration-options', { password: passkeyUser.password });
    const response = authenticator.create(options.body as unknown as PublicKeyCredentialCreationOptionsJSON, server.url);
    expect((await call(passkeyToken, 'POST', '/api/account/passkeys', { response })).status).toBe(201);

    expect((await asHost('PUT', '/api/setting-management/second-factor', tenant.tenantId, { requireSecondFactor: true })).status).toBe(200);
    const sent = mailbox.messages.length;

    const interaction = await openInteraction(server.url);
    const page = await (await interaction.post('/login', { login: tenant.userName, password: tenant.password })).text();
    expect(page).toContain('Enter the code from your app');
    const finished = await interaction.post('/authenticator', { code: totp.generate({ timestamp: Date.now() + 30_000 }) });
    expect(finished.status).toBe(303);
    expect((await interaction.tokens(finished)).access_token).toBeTruthy();

    const passkey = await openPasskeyInteraction(server.url);
    const answered = await passkey.answer(authenticator.get(await passkeyOptions(passkey), server.url));
    expect(answered.status).toBe(303);
    expect((await passkey.tokens(answered)).access_token).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailbox.messages.length).toBe(sent);
  });

  it('refuses bad input, other tenants\' roles and tenant users changing the tenant switch', async () => {
    const { db } = server.database;
    const staff = await createTenantUser(db, { tenant: 'Refusing Care', userName: 'refusing-staff', role: 'Refusing Staff', policies: ['AbpIdentity.Roles', 'AbpIdentity.Roles.Update'] });
    const token = (await tokensFor(server.url, staff.userName, staff.password)).access_token;
    const foreign = await db.selectFrom('roles').select('id').where('name', '=', 'Nurse').executeTakeFirstOrThrow();
    const own = await db.selectFrom('roles').select('id').where('name', '=', 'Refusing Staff').executeTakeFirstOrThrow();

    expect((await call(token, 'PUT', `/api/identity/roles/${foreign.id}/second-factor`, { requireSecondFactor: false })).status).toBe(404);
    expect((await call(token, 'GET', `/api/identity/roles/${foreign.id}/second-factor`)).status).toBe(404);
    const bad = await call(token, 'PUT', `/api/identity/roles/${own.id}/second-factor`, { requireSecondFactor: 'yes please' }, { lang: 'da' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.validationErrors?.map((e) => e.members[0])).toEqual(['requireSecondFactor']);
    expect((await call(token, 'PUT', `/api/identity/roles/not-a-uuid/second-factor`, { requireSecondFactor: true })).status).toBe(400);
    expect((await call(token, 'PUT', `/api/identity/roles/${own.id}/second-factor`, {})).status).toBe(400);
    expect((await call(token, 'GET', '/api/setting-management/second-factor')).status).toBe(403);
    expect((await asHost('PUT', '/api/setting-management/second-factor', null, { requireSecondFactor: 1, more: true })).status).toBe(400);
  });
});
