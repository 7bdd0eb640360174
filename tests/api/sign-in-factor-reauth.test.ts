import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { createTenantUser } from '../support/fixtures';
import { caller } from '../support/api-calls';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { WRONG_PASSWORDS_PER_WINDOW } from '../../server/accounts/password-confirmation';

const OPTIONS = '/api/account/passkeys/registration-options';
const SETUP = '/api/account/authenticator/setup';

/** Adding a passkey or an authenticator app takes the current password: an access token alone adds no way in. */
describe.each(DATABASES)('password before a new sign-in factor on $name', ({ url }) => {
  let server: TestServer;
  const call = caller(() => server);

  beforeAll(async () => {
    server = await startServer(url);
  });
  afterAll(async () => server?.stop());

  const userWithToken = async (userName: string) => {
    const user = await createTenantUser(server.database.db, { tenant: `${userName} Care`, userName, role: 'Carer', policies: [] });
    return { ...user, token: (await tokensFor(server.url, userName, user.password)).access_token };
  };
  /** What the two routes would have left behind: a registration challenge, an app secret. */
  const leftBehind = async (userId: string) => {
    const challenges = await server.database.db.selectFrom('webauthn_challenges').select('key').where('key', '=', `register:${userId}`).execute();
    const secrets = await server.database.db.selectFrom('user_authenticators').select('user_id').where('user_id', '=', userId).execute();
    return challenges.length + secrets.length;
  };

  it('without a password: a 400 naming password, in the caller\'s language', async () => {
    const { token, userId } = await userWithToken('reauth-missing');
    for (const path of [OPTIONS, SETUP]) {
      for (const body of [undefined, {}, { password: '' }, { code: '123456' }]) {
        const res = await call(token, 'POST', path, body, { lang: 'da' });
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body.error?.code).toBe('Vigil:Validation');
        const problem = res.body.error?.validationErrors?.find((e) => e.members[0] === 'password');
        // In Danish: the missing field by its label, an empty one by the rule it breaks.
        expect(problem?.message).toMatch(/Adgangskode|tegn/);
      }
    }
    expect(await leftBehind(userId)).toBe(0);
  });

  it('a wrong password: a 400 on password, nothing begun; then the right one works', async () => {
    const user = await userWithToken('reauth-wrong');
    for (const path of [OPTIONS, SETUP]) {
      const res = await call(user.token, 'POST', path, { password: `${user.password}x` }, { lang: 'de' });
      expect(res.status, path).toBe(400);
      expect(res.body.error?.validationErrors).toEqual([{ members: ['password'], message: 'Das aktuelle Passwort ist nicht korrekt.' }]);
    }
    expect(await leftBehind(user.userId)).toBe(0);
    expect((await call(user.token, 'GET', '/api/account/passkeys')).body.totalCount).toBe(0);
    expect((await call(user.token, 'GET', '/api/account/authenticator')).body.isEnabled).toBe(false);

    const options = await call(user.token, 'POST', OPTIONS, { password: user.password });
    expect(options.status).toBe(200);
    const response = new SoftAuthenticator().create(options.body as unknown as PublicKeyCredentialCreationOptionsJSON, server.url);
    expect((await call(user.token, 'POST', '/api/account/passkeys', { response })).status).toBe(201);
    const setup = await call(user.token, 'POST', SETUP, { password: user.password });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
  });

  it(`counts wrong passwords per user across both routes: the ${WRONG_PASSWORDS_PER_WINDOW + 1}th is a 429, then even the right one`, async () => {
    const user = await userWithToken('reauth-guess');
    const other = await userWithToken('reauth-bystander');
    // Right passwords do not count: a user adding several factors is never held up.
    for (let i = 0; i < WRONG_PASSWORDS_PER_WINDOW + 2; i++) expect((await call(user.token, 'POST', OPTIONS, { password: user.password })).status).toBe(200);

    const statuses: number[] = [];
    for (let i = 0; i < WRONG_PASSWORDS_PER_WINDOW; i++) statuses.push((await call(user.token, 'POST', i % 2 ? SETUP : OPTIONS, { password: `guess-${i}` })).status);
    expect(statuses).toEqual(Array(WRONG_PASSWORDS_PER_WINDOW).fill(400));

    for (const [path, password] of [[OPTIONS, 'guess-6'], [SETUP, user.password], [OPTIONS, user.password]] as const) {
      const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ password }) });
      expect(res.status, `${path} ${password}`).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('Vigil:TooManyRequests');
    }
    expect(await server.database.db.selectFrom('user_authenticators').select('user_id').where('user_id', '=', user.userId).execute()).toEqual([]);
    // Another user is not affected.
    expect((await call(other.token, 'POST', SETUP, { password: other.password })).status).toBe(200);
  });
});
