import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { signIn } from '../support/sign-in';
import { createTenantUser } from '../support/fixtures';
import { legacyScryptHash } from '../support/legacy-password';

const ARGON2ID_PHC = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;

/**
 * Decision 054: passwords are Argon2id. A user whose hash is still scrypt (set before the change)
 * signs in with the same password, and the sign-in replaces the hash with an Argon2id one, in the
 * password history too; wrong passwords are refused for both kinds and change nothing.
 */
describe.each(DATABASES)('password hashes upgraded at sign-in ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  const hashOf = async (userId: string) => (await server.database.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow()).password_hash;
  const historyOf = async (userId: string) =>
    (await server.database.db.selectFrom('user_password_history').select('password_hash').where('user_id', '=', userId).execute()).map((h) => h.password_hash);

  beforeAll(async () => {
    server = await startServer(databaseUrl, { signInLimit: { perIp: 1000, perLogin: 1000, windowSeconds: 300 } });
  });
  afterAll(async () => server?.stop());

  it('new passwords are stored as an Argon2id PHC string', async () => {
    const user = await createTenantUser(server.database.db, { tenant: `Rehash new ${Date.now()}`, userName: `argon-${Date.now().toString(36)}`, role: 'Plug and Play User', policies: [] });
    expect(await hashOf(user.userId)).toMatch(ARGON2ID_PHC);
    expect((await signIn(server.url, user.userName, 'Wrong-Pass-2026')).tokens).toBeUndefined();
    expect((await signIn(server.url, user.userName, user.password)).tokens).toBeTruthy();
  });

  it('a user with an old scrypt hash signs in, and the hash becomes Argon2id; wrong passwords are refused before and after', async () => {
    const db = server.database.db;
    const user = await createTenantUser(db, { tenant: `Rehash old ${Date.now()}`, userName: `scrypt-${Date.now().toString(36)}`, role: 'Plug and Play User', policies: [] });
    const old = legacyScryptHash(user.password);
    await db.updateTable('users').set({ password_hash: old }).where('id', '=', user.userId).execute();
    await db.insertInto('user_password_history').values({ id: crypto.randomUUID(), user_id: user.userId, password_hash: old, creation_time: new Date() }).execute();

    // A wrong password against the scrypt hash: refused, and the hash stays as it was.
    const wrong = await signIn(server.url, user.userName, `${user.password}x`);
    expect(wrong.tokens).toBeUndefined();
    expect(wrong.page).toContain('The user name, email or password is not correct.');
    expect(await hashOf(user.userId)).toBe(old);

    // The right one: signed in, and rehashed.
    expect((await signIn(server.url, user.userName, user.password)).tokens).toBeTruthy();
    const upgraded = await hashOf(user.userId);
    expect(upgraded).toMatch(ARGON2ID_PHC);
    // The history holds the password once, in its new form.
    expect(await historyOf(user.userId)).toEqual([upgraded]);

    // Signs in again on the new hash (not rehashed again), and a wrong password is refused on it.
    expect((await signIn(server.url, user.userName, user.password)).tokens).toBeTruthy();
    expect(await hashOf(user.userId)).toBe(upgraded);
    expect((await signIn(server.url, user.userName, 'Fixture-Pass-2025')).tokens).toBeUndefined();
    expect(await hashOf(user.userId)).toBe(upgraded);
  });
});
