import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICIES } from '../../common/policies';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo';
import { accountsServer, type AccountsServer } from '../support/accounts';
import { createTenantUser } from '../support/fixtures';
import { DATABASES } from '../support/server';
import { signIn, tokensFor } from '../support/sign-in';

const REUSED = 'The new password must differ from your previous passwords';
const REUSED_DA = 'Den nye adgangskode skal være forskellig fra dine tidligere adgangskoder';
/** Passwords that differ significantly from each other (a new word each), as a change requires. */
const WORDS = ['Amber', 'Glacier', 'Quartz', 'Meadow', 'Tundra', 'Fjord', 'Willow'];
const pass = (n: number) => `${WORDS[n]}-History-${n}!`;

/**
 * SPEC section 5: a new password differs from the current one and the four before it ("your last
 * five passwords"), on every path that sets one, also for users whose first password was never
 * put in the history (the seeded demo caregiver, fixtures).
 */
describe.each(DATABASES)('password history on $name', ({ url }) => {
  let env: AccountsServer;
  beforeAll(async () => {
    env = await accountsServer(url);
  });
  afterAll(async () => {
    await env?.stop();
  });

  const historyOf = async (userId: string) => (await env.db.selectFrom('user_password_history').select('password_hash').where('user_id', '=', userId).execute()).map((h) => h.password_hash);

  it('refuses A -> B -> A for the demo caregiver on /account, in the caller\'s language, and allows A again after five other passwords', async () => {
    const token = (await tokensFor(env.server.url, DEMO_USERS.caregiver.userName, DEMO_PASSWORD)).access_token;
    const change = (currentPassword: string, newPassword: string, lang = 'en') =>
      env.call(token, 'POST', '/api/plugandplay/profile/change-password', { currentPassword, newPassword, confirmPassword: newPassword }, { lang });
    const refusal = { status: 400, body: { error: { code: 'Vigil:Validation', validationErrors: [{ members: ['newPassword'], message: REUSED }] } } };

    expect((await change(DEMO_PASSWORD, pass(1))).status).toBe(204);
    expect(await change(pass(1), DEMO_PASSWORD)).toMatchObject(refusal);
    expect((await change(pass(1), DEMO_PASSWORD, 'da')).body.error?.validationErrors).toEqual([{ members: ['newPassword'], message: REUSED_DA }]);
    for (const [from, to] of [[1, 2], [2, 3], [3, 4]] as const) expect((await change(pass(from), pass(to))).status).toBe(204);
    // A and the four after it are the last five.
    expect(await change(pass(4), DEMO_PASSWORD)).toMatchObject(refusal);
    expect((await change(pass(4), pass(5))).status).toBe(204);
    // Five other passwords since: A is free again.
    expect((await change(pass(5), DEMO_PASSWORD)).status).toBe(204);
    expect((await signIn(env.server.url, DEMO_USERS.caregiver.userName, DEMO_PASSWORD)).tokens).toBeTruthy();

    const user = await env.db.selectFrom('users').select('id').where('user_name', '=', DEMO_USERS.caregiver.userName).executeTakeFirstOrThrow();
    const history = await historyOf(user.id);
    expect(history).toHaveLength(5);
    for (const hash of history) {
      expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(hash).not.toContain('History');
    }
  });

  it('refuses a new password that differs from the current one only a little, in the caller\'s language', async () => {
    const user = await createTenantUser(env.db, { tenantId: env.sunriseId, userName: `history-similar-${Date.now().toString(36)}`, role: 'Plug and Play User', policies: [] });
    const token = (await tokensFor(env.server.url, user.userName, user.password)).access_token;
    const change = (currentPassword: string, newPassword: string, lang = 'en') => env.call(token, 'POST', '/api/plugandplay/profile/change-password', { currentPassword, newPassword, confirmPassword: newPassword }, { lang });
    expect((await change(user.password, 'Green-Meadow-2027!')).status).toBe(204);
    const similar = 'The new password must differ clearly from the current one: change at least 4 characters, not only add to it';
    // The last character changed, a character added, the case changed: refused.
    for (const next of ['Green-Meadow-2027?', 'Green-Meadow-2027!x', 'GREEN-meadow-2027!']) {
      expect(await change('Green-Meadow-2027!', next)).toMatchObject({ status: 400, body: { error: { validationErrors: [{ members: ['newPassword'], message: similar }] } } });
    }
    expect((await change('Green-Meadow-2027!', 'Green-Meadow-2027?', 'da')).body.error?.validationErrors?.[0]?.message).toBe('Den nye adgangskode skal tydeligt adskille sig fra den nuværende: skift mindst 4 tegn, ikke kun tilføj til den');
    expect((await change('Green-Meadow-2027!', 'Blue-Harbour-2031#')).status).toBe(204);
  });

  it('refuses A -> B -> A on /api/account/my-profile/change-password', async () => {
    const user = await createTenantUser(env.db, { tenantId: env.sunriseId, userName: `history-own-${Date.now().toString(36)}`, role: 'Plug and Play User', policies: [] });
    const token = (await tokensFor(env.server.url, user.userName, user.password)).access_token;
    const path = '/api/account/my-profile/change-password';
    expect((await env.call(token, 'POST', path, { currentPassword: user.password, newPassword: pass(1) })).status).toBe(204);
    const back = await env.call(token, 'POST', path, { currentPassword: pass(1), newPassword: user.password });
    expect(back).toMatchObject({ status: 400, body: { error: { validationErrors: [{ members: ['newPassword'], message: REUSED }] } } });
    expect((await signIn(env.server.url, user.userName, pass(1))).tokens).toBeTruthy();
  });

  it('refuses an administrator setting a user back to their previous password', async () => {
    const stamp = Date.now().toString(36);
    const admin = await createTenantUser(env.db, { tenantId: env.sunriseId, userName: `history-admin-${stamp}`, role: 'admin', policies: [POLICIES.identityUsers, `${POLICIES.identityUsers}.Update`] });
    const user = await createTenantUser(env.db, { tenantId: env.sunriseId, userName: `history-user-${stamp}`, role: 'Plug and Play User', policies: [] });
    const token = (await tokensFor(env.server.url, admin.userName, admin.password)).access_token;
    const path = `/api/identity/users/${user.userId}/change-password`;
    expect((await env.call(token, 'PUT', path, { newPassword: pass(1) })).status).toBe(204);
    const back = await env.call(token, 'PUT', path, { newPassword: user.password });
    expect(back).toMatchObject({ status: 400, body: { error: { validationErrors: [{ members: ['newPassword'], message: REUSED }] } } });
  });
});
