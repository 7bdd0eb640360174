import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICIES } from '../../common/policies';
import { createTenantUser } from '../support/fixtures';
import { identityServer, members, NEW_PASSWORD, type IdentityServer } from '../support/identity';
import { DATABASES } from '../support/server';
import { loginNameConflicts } from '../../server/identity/login-names';

type User = { id: string; userName: string; email: string; concurrencyStamp: string };

/** A login string names one account: user names and emails are unique across both fields and every tenant. */
describe.each(DATABASES)('unique logins ($name)', ({ url }) => {
  let env: IdentityServer;
  let other: string;
  let serial = 0;
  const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++serial}`;
  const create = (token: string, userName: string, email: string) =>
    env.call(token, 'POST', '/api/identity/users', { userName, email, password: NEW_PASSWORD, name: 'Ada', surname: 'Lovelace' });
  const created = async (token: string, userName: string, email: string) => {
    const res = await create(token, userName, email);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as unknown as User;
  };
  const refused = (res: { status: number; body: Record<string, unknown> }, member: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(members(res.body)).toEqual([member]);
    const text = JSON.stringify(res.body);
    expect(text).toMatch(/already taken/);
    expect(text).not.toMatch(/Sunrise|Other Logins/);
  };

  beforeAll(async () => {
    env = await identityServer(url);
    const admin = await createTenantUser(env.db, {
      tenant: 'Other Logins Care', userName: unique('logins-admin'), role: 'admin',
      policies: [POLICIES.identityUsers, `${POLICIES.identityUsers}.Create`, `${POLICIES.identityUsers}.Update`],
    });
    other = await env.sign(admin.userName, admin.password);
  });
  afterAll(async () => env?.server.stop());

  it("refuses a user name that is another tenant's user's email (the issue's case)", async () => {
    refused(await create(other, 'CAREGIVER@example.com', `${unique('x')}@example.com`), 'userName');
  });

  it('refuses an email that is another user\'s user name, across tenants and the host', async () => {
    const name = `${unique('mail-like')}@example.com`;
    await created(env.admin, name, `${unique('h')}@example.com`);
    refused(await create(other, unique('u'), name.toUpperCase()), 'email');
    refused(await create(env.staff, unique('u'), name), 'email');
  });

  it('refuses the same on update, in both directions, and still allows a user their own name as email', async () => {
    const a = await created(other, unique('a'), `${unique('a')}@example.com`);
    const b = await created(env.staff, `${unique('b')}@example.com`, `${unique('b')}@example.com`);
    const put = (token: string, user: User, changes: Partial<User>) =>
      env.call(token, 'PUT', `/api/identity/users/${user.id}`, { userName: user.userName, email: user.email, concurrencyStamp: user.concurrencyStamp, ...changes });
    refused(await put(other, a, { userName: b.email }), 'userName');
    refused(await put(other, a, { email: b.userName }), 'email');
    refused(await put(env.staff, b, { email: a.email }), 'email');
    const own = await put(other, a, { userName: a.email });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });

  it('is held by the database too, whichever write path made the user', async () => {
    const taken = await created(env.staff, unique('db'), `${unique('db')}@example.com`);
    const row = await env.db.selectFrom('users').selectAll().where('id', '=', (taken as User).id).executeTakeFirstOrThrow();
    const clash = { ...row, id: randomUUID(), user_name: 'x', normalized_user_name: row.normalized_email, email: 'new@example.com', normalized_email: 'NEW@EXAMPLE.COM', tenant_id: null };
    await expect(env.db.insertInto('users').values(clash).execute()).rejects.toMatchObject({ code: '23505' });
    // A deleted user's names are free again.
    await env.db.updateTable('users').set({ is_deleted: true }).where('id', '=', row.id).execute();
    await created(other, row.email, `${unique('again')}@example.com`);
    expect(await loginNameConflicts(env.db, { userName: row.user_name, email: 'free@example.com' }, null)).toEqual({ userName: false, email: false });
  });
});
