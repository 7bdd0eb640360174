import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICIES } from '../../common/policies';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { createTenantUser } from '../support/fixtures';
import { identityServer, members, NEW_PASSWORD, type IdentityServer } from '../support/identity';
import { DATABASES } from '../support/server';
import { signIn } from '../support/sign-in';

type User = Record<string, unknown> & { id: string; concurrencyStamp: string; roleNames: string[] };

/** /api/identity/users: CRUD, lookups, roles, lock, two-factor and passwords (server/identity/users). */
describe.each(DATABASES)('identity users ($name)', ({ url: databaseUrl }) => {
  let env: IdentityServer;
  let otherTenantAdmin: string;
  let otherTenantUserId: string;
  let serial = 0;
  const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++serial}`;

  const create = async (token: string, extra: Record<string, unknown> = {}) => {
    const userName = unique('user');
    const res = await env.call(token, 'POST', '/api/identity/users', { userName, email: `${userName}@example.com`, password: NEW_PASSWORD, name: 'Ada', surname: 'Lovelace', ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as unknown as User;
  };

  beforeAll(async () => {
    env = await identityServer(databaseUrl);
    const other = await createTenantUser(env.db, { tenant: 'Users Other Tenant', userName: 'users-other-admin', role: 'admin', policies: [POLICIES.identityUsers, `${POLICIES.identityUsers}.Update`] });
    otherTenantAdmin = await env.sign(other.userName, other.password);
    otherTenantUserId = other.userId;
  });
  afterAll(async () => env?.server.stop());

  it('creates a tenant user with roles and default values, and finds it by id, user name and email', async () => {
    const user = await create(env.staff, { roleNames: ['Plug and Play User'], phoneNumber: '+4512345678' });
    expect(user).toMatchObject({ name: 'Ada', surname: 'Lovelace', isActive: true, lockoutEnabled: true, isLockedOut: false, twoFactorEnabled: false, roleNames: ['Plug and Play User'], tenantId: env.sunriseId, phoneNumber: '+4512345678' });
    expect(user).not.toHaveProperty('passwordHash');
    expect((await env.call(env.staff, 'GET', `/api/identity/users/${user.id}`)).body).toMatchObject({ id: user.id, organizationUnitIds: [] });
    expect((await env.call(env.staff, 'GET', `/api/identity/users/by-username/${String(user.userName).toUpperCase()}`)).body).toMatchObject({ id: user.id });
    expect((await env.call(env.staff, 'GET', `/api/identity/users/by-email/${String(user.email)}`)).body).toMatchObject({ id: user.id });
    // The creation is audited with its roles, never with the password.
    const audit = await env.db.selectFrom('audit_logs').select('entity_changes').where('url', '=', '/api/identity/users').where('http_method', '=', 'POST').execute();
    const change = audit.flatMap((a) => a.entity_changes).find((c) => c.entityId === user.id)!;
    expect(change.changeType).toBe(0);
    expect(change.propertyChanges.map((p) => p.propertyName)).toEqual(expect.arrayContaining(['userName', 'roleNames']));
    expect(JSON.stringify(change)).not.toContain(NEW_PASSWORD);
  });

  it('lists users with Filter, Sorting, roleId, isLockedOut and paging', async () => {
    const marker = unique('zz-filter');
    const a = await create(env.staff, { name: `${marker}-a` });
    await create(env.staff, { name: `${marker}-b`, roleNames: [] });
    const list = await env.call(env.staff, 'GET', `/api/identity/users?Filter=${marker}&Sorting=name desc&MaxResultCount=1`);
    expect(list.status).toBe(200);
    expect(list.body.totalCount).toBe(2);
    expect((list.body.items as User[])[0]!.name).toBe(`${marker}-b`);
    const roles = (await env.call(env.staff, 'GET', '/api/identity/users/assignable-roles')).body.items as { id: string; name: string }[];
    const pnp = roles.find((r) => r.name === 'Plug and Play User')!;
    await env.call(env.staff, 'PUT', `/api/identity/users/${a.id}/roles`, { roleNames: ['Plug and Play User'] });
    const byRole = await env.call(env.staff, 'GET', `/api/identity/users?roleId=${pnp.id}&filter=${marker}`);
    expect((byRole.body.items as User[]).map((u) => u.id)).toEqual([a.id]);
    const locked = await env.call(env.staff, 'GET', `/api/identity/users?isLockedOut=true&filter=${marker}`);
    expect(locked.body.totalCount).toBe(0);
    const bad = await env.call(env.staff, 'GET', '/api/identity/users?isLockedOut=maybe&Sorting=password');
    expect(bad.status).toBe(400);
  });

  it('answers 400 in ABP shape naming every bad member, in the caller\'s language', async () => {
    const res = await env.call(env.staff, 'POST', '/api/identity/users', { userName: 'bad name!', email: 'not-an-email', password: 'short', phoneNumber: '12ab', roleNames: ['No Such Role'], colour: 'red' });
    expect(res.status).toBe(400);
    expect(members(res.body).sort()).toEqual(['colour', 'email', 'phoneNumber', 'userName'].sort());
    expect(res.body.error!.validationErrors!.find((e) => e.members[0] === 'phoneNumber')!.message).toBe('Phone number must only contain digits!');
    expect(res.body.error!.validationErrors!.find((e) => e.members[0] === 'userName')!.message).toMatch(/^User name may only contain the letters A–Z, digits and the characters \. - _ @ \+$/);

    const second = await env.call(env.staff, 'POST', '/api/identity/users', { userName: unique('u'), email: `${unique('e')}@example.com`, password: 'short', roleNames: ['No Such Role'], organizationUnitIds: ['00000000-0000-4000-8000-000000000001'] }, { lang: 'da-DK' });
    expect(second.status).toBe(400);
    expect(members(second.body)).toEqual(expect.arrayContaining(['password', 'roleNames[0]', 'organizationUnitIds[0]']));
    const messages = second.body.error!.validationErrors!.map((e) => e.message);
    expect(messages).toContain('Skal være mindst 10 tegn');
    expect(messages).toContain("Der findes ingen rolle med navnet 'No Such Role'.");

    const taken = await env.call(env.staff, 'POST', '/api/identity/users', { userName: 'ADMIN', email: 'staff@sunrise-care.local', password: NEW_PASSWORD });
    expect(taken.status).toBe(400);
    expect(members(taken.body).sort()).toEqual(['email', 'userName']);
    expect((await env.call(env.staff, 'POST', '/api/identity/users', 'not json', { contentType: 'application/json' })).status).toBe(400);
  });

  it('updates with the concurrency stamp and answers 409 to a stale one', async () => {
    const user = await create(env.staff);
    const res = await env.call(env.staff, 'PUT', `/api/identity/users/${user.id}`, { userName: user.userName, email: user.email, name: 'Grace', concurrencyStamp: user.concurrencyStamp });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: 'Grace', surname: 'Lovelace' });
    expect(res.body.concurrencyStamp).not.toBe(user.concurrencyStamp);
    const stale = await env.call(env.staff, 'PUT', `/api/identity/users/${user.id}`, { userName: user.userName, email: user.email, name: 'Stale', concurrencyStamp: user.concurrencyStamp });
    expect(stale.status).toBe(409);
    const missing = await env.call(env.staff, 'PUT', `/api/identity/users/${user.id}`, { email: user.email });
    expect(missing.status).toBe(400);
    expect(members(missing.body)).toEqual(['userName']);
  });

  it('keeps tenants apart: another tenant\'s user is 404 for every verb, and lists never show it', async () => {
    for (const [method, path, body] of [
      ['GET', `/api/identity/users/${otherTenantUserId}`],
      ['PUT', `/api/identity/users/${otherTenantUserId}`, { userName: 'x', email: 'x@example.com' }],
      ['DELETE', `/api/identity/users/${otherTenantUserId}`],
      ['GET', `/api/identity/users/${otherTenantUserId}/roles`],
      ['PUT', `/api/identity/users/${otherTenantUserId}/roles`, { roleNames: [] }],
      ['PUT', `/api/identity/users/${otherTenantUserId}/lock/2099-01-01T00:00:00Z`],
      ['PUT', `/api/identity/users/${otherTenantUserId}/unlock`],
      ['PUT', `/api/identity/users/${otherTenantUserId}/two-factor/true`],
      ['PUT', `/api/identity/users/${otherTenantUserId}/change-password`, { newPassword: NEW_PASSWORD }],
      ['GET', '/api/identity/users/by-username/users-other-admin'],
    ] as const) {
      expect((await env.call(env.staff, method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    const list = await env.call(env.staff, 'GET', '/api/identity/users?MaxResultCount=1000');
    expect((list.body.items as User[]).some((u) => u.id === otherTenantUserId)).toBe(false);
    const theirs = await env.call(otherTenantAdmin, 'GET', '/api/identity/users?MaxResultCount=1000');
    expect((theirs.body.items as User[]).map((u) => u.userName)).toEqual(['users-other-admin']);
    // The host acts in a tenant with __tenant.
    const asHost = await env.call(env.admin, 'GET', `/api/identity/users?__tenant=${env.sunriseId}&MaxResultCount=1000`);
    expect((asHost.body.items as User[]).map((u) => u.userName)).toEqual(expect.arrayContaining(['staff', 'caregiver']));
    expect((asHost.body.items as User[]).map((u) => u.userName)).not.toContain('admin');
  });

  it('sets roles (GET/PUT /roles) and refuses unknown ones', async () => {
    const user = await create(env.staff);
    expect((await env.call(env.staff, 'PUT', `/api/identity/users/${user.id}/roles`, { roleNames: ['Plug and Play User'] })).status).toBe(204);
    const roles = await env.call(env.staff, 'GET', `/api/identity/users/${user.id}/roles`);
    expect((roles.body.items as { name: string }[]).map((r) => r.name)).toEqual(['Plug and Play User']);
    const bad = await env.call(env.staff, 'PUT', `/api/identity/users/${user.id}/roles`, { roleNames: ['Nope'] });
    expect(bad.status).toBe(400);
    expect(members(bad.body)).toEqual(['roleNames[0]']);
  });

  it('deletes a user (not oneself); the deleted user cannot sign in and the name can be used again', async () => {
    const user = await create(env.staff);
    expect((await env.call(env.staff, 'DELETE', `/api/identity/users/${user.id}`)).status).toBe(204);
    expect((await env.call(env.staff, 'GET', `/api/identity/users/${user.id}`)).status).toBe(404);
    expect((await signIn(env.server.url, String(user.userName), NEW_PASSWORD)).status).toBe(401);
    const again = await env.call(env.staff, 'POST', '/api/identity/users', { userName: user.userName, email: user.email, password: NEW_PASSWORD });
    expect(again.status).toBe(200);
    const staffId = (await env.call(env.staff, 'GET', '/api/identity/users/by-username/staff')).body.id as string;
    const self = await env.call(env.staff, 'DELETE', `/api/identity/users/${staffId}`);
    expect(self.status).toBe(403);
  });

  it('locks a user, who then cannot sign in (423 page), and unlocks them', async () => {
    const user = await create(env.staff);
    expect((await signIn(env.server.url, String(user.userName), NEW_PASSWORD)).status).toBe(200);
    const lock = await env.call(env.staff, 'PUT', `/api/identity/users/${user.id}/lock/${new Date(Date.now() + 3_600_000).toISOString()}`);
    expect(lock.status).toBe(204);
    expect((await env.call(env.staff, 'GET', `/api/identity/users/${user.id}`)).body.isLockedOut).toBe(true);
    const refused = await signIn(env.server.url, String(user.userName), NEW_PASSWORD);
    expect(refused.status).toBe(423);
    expect(refused.page).toMatch(/locked/i);
    const log = await env.db.selectFrom('security_logs').select('action').where('user_id', '=', user.id).orderBy('creation_time', 'desc').executeTakeFirstOrThrow();
    expect(log.action).toBe('LoginLockedOut');
    expect((await env.call(env.staff, 'PUT', `/api/identity/users/${user.id}/unlock`)).status).toBe(204);
    expect((await signIn(env.server.url, String(user.userName), NEW_PASSWORD)).status).toBe(200);

    expect((await env.call(env.staff, 'PUT', `/api/identity/users/${user.id}/lock/yesterday`)).status).toBe(400);
    expect((await env.call(env.staff, 'PUT', `/api/identity/users/${user.id}/lock/2001-01-01T00:00:00Z`)).status).toBe(400);
    const noLockout = await create(env.staff, { lockoutEnabled: false });
    expect((await env.call(env.staff, 'PUT', `/api/identity/users/${noLockout.id}/lock/2099-01-01T00:00:00Z`)).status).toBe(403);
  });

  it('locks after the tenant\'s MaxFailedAccessAttempts setting', async () => {
    const user = await create(env.staff);
    await env.db.insertInto('settings').values({ id: crypto.randomUUID(), name: 'Abp.Identity.Lockout.MaxFailedAccessAttempts', value: '2', provider_name: 'T', provider_key: env.sunriseId }).execute();
    try {
      expect((await signIn(env.server.url, String(user.userName), 'Wrong-Pass-2026!')).status).toBe(401);
      // This address is now locked out of the account, with the answer a name that is nobody's gets too.
      expect((await signIn(env.server.url, String(user.userName), 'Wrong-Pass-2026!')).status).toBe(429);
    } finally {
      await env.db.deleteFrom('settings').where('provider_key', '=', env.sunriseId).where('name', '=', 'Abp.Identity.Lockout.MaxFailedAccessAttempts').execute();
    }
  });

  it('toggles two-factor', async () => {
    const user = await create(env.staff);
    const on = await env.call(env.staff, 'PUT', `/api/identity/users/${user.id}/two-factor/true`);
    expect(on.status).toBe(200);
    expect(on.body.twoFactorEnabled).toBe(true);
    expect((await env.call(env.staff, 'PUT', `/api/identity/users/${user.id}/two-factor/maybe`)).status).toBe(400);
  });

  it('sets a password as an administrator, keeping a history: a recent password is refused', async () => {
    const user = await create(env.staff);
    const path = `/api/identity/users/${user.id}/change-password`;
    const weak = await env.call(env.staff, 'PUT', path, { newPassword: 'weakpassword' });
    expect(weak.status).toBe(400);
    // One entry per broken rule, all about the one member.
    expect(new Set(members(weak.body))).toEqual(new Set(['newPassword']));
    expect(weak.body.error!.validationErrors!.map((e) => e.message)).toEqual(['Must contain at least one uppercase letter', 'Must contain at least one number', 'Must contain at least one special character (e.g. ! @ # ?)']);
    const same = await env.call(env.staff, 'PUT', path, { newPassword: NEW_PASSWORD });
    expect(same.status).toBe(400);
    expect(same.body.error!.validationErrors![0]).toEqual({ members: ['newPassword'], message: 'The new password must differ from your previous passwords' });
    expect((await env.call(env.staff, 'PUT', path, { newPassword: 'Second-Pass-2026!' })).status).toBe(204);
    expect((await env.call(env.staff, 'PUT', path, { newPassword: NEW_PASSWORD })).status).toBe(400);
    expect((await signIn(env.server.url, String(user.userName), 'Second-Pass-2026!')).status).toBe(200);
    const log = await env.db.selectFrom('security_logs').select(['action', 'extra_properties']).where('user_id', '=', user.id).where('action', '=', 'ChangePassword').executeTakeFirstOrThrow();
    expect(log.extra_properties).toMatchObject({ changedByUserName: 'staff' });
  });

  it('lets the signed-in user change their own password with the current one, logging ChangePassword', async () => {
    const user = await create(env.staff);
    const token = await env.sign(String(user.userName), NEW_PASSWORD);
    const path = '/api/account/my-profile/change-password';
    const wrong = await env.call(token, 'POST', path, { currentPassword: 'Not-The-Pass-1!', newPassword: 'Third-Pass-2026!' });
    expect(wrong.status).toBe(400);
    expect(members(wrong.body)).toEqual(['currentPassword']);
    const reused = await env.call(token, 'POST', path, { currentPassword: NEW_PASSWORD, newPassword: NEW_PASSWORD });
    expect(reused.status).toBe(400);
    expect(reused.body.error!.validationErrors![0]!.message).toBe('The new password must differ from your previous passwords');
    expect((await env.call(token, 'POST', path, { currentPassword: NEW_PASSWORD })).status).toBe(400);
    expect((await env.call(token, 'POST', path, { currentPassword: NEW_PASSWORD, newPassword: 'Third-Pass-2026!' })).status).toBe(204);
    expect((await signIn(env.server.url, String(user.userName), NEW_PASSWORD)).status).toBe(401);
    expect((await signIn(env.server.url, String(user.userName), 'Third-Pass-2026!')).status).toBe(200);
    const log = await env.db.selectFrom('security_logs').select('action').where('user_id', '=', user.id).where('action', '=', 'ChangePassword').execute();
    expect(log).toHaveLength(1);
    // Back to the first password: still remembered.
    expect((await env.call(token, 'POST', path, { currentPassword: 'Third-Pass-2026!', newPassword: NEW_PASSWORD })).status).toBe(400);
  });

  it('signs in with the phone number when phone sign-in is on, and keeps such numbers unique', async () => {
    const phone = `+45${String(Date.now()).slice(-8)}`;
    const user = await create(env.staff, { phoneNumber: phone, phoneNumberLoginEnabled: true });
    expect(user.phoneNumberLoginEnabled).toBe(true);
    expect((await signIn(env.server.url, phone, NEW_PASSWORD)).status).toBe(200);
    const clash = await env.call(env.staff, 'POST', '/api/identity/users', { userName: unique('p'), email: `${unique('p')}@example.com`, password: NEW_PASSWORD, phoneNumber: phone, phoneNumberLoginEnabled: true });
    expect(clash.status).toBe(400);
    expect(members(clash.body)).toEqual(['phoneNumber']);
    const without = await env.call(env.staff, 'POST', '/api/identity/users', { userName: unique('p'), email: `${unique('p')}@example.com`, password: NEW_PASSWORD, phoneNumberLoginEnabled: true });
    expect(members(without.body)).toEqual(['phoneNumber']);
  });

  it('refuses callers without the policy and anonymous callers', async () => {
    expect((await env.call(env.caregiver, 'GET', '/api/identity/users')).status).toBe(403);
    expect((await env.call(otherTenantAdmin, 'POST', '/api/identity/users', {})).status).toBe(403);
    expect((await fetch(`${env.server.url}/api/identity/users`)).status).toBe(401);
    // The demo password still works for the staff account (nothing above changed it).
    expect((await signIn(env.server.url, 'staff', DEMO_PASSWORD)).status).toBe(200);
  });
});
