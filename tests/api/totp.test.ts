import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { createTenantUser } from '../support/fixtures';
import { caller, type Json } from '../support/api-calls';
import { openInteraction, type Interaction } from '../support/interaction';
import { MAX_CODE_ATTEMPTS } from '../../server/identity/two-factor';

/** The app's code for a moment (now, or a step later), computed here as the phone's app would (RFC 6238). */
const codeAt = (secret: string, timestamp = Date.now()) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp });
const NEXT_STEP = 30_000;

/** Authenticator-app codes as a second factor (issue 15 item 6): the account API and the sign-in. */
describe.each(DATABASES)('authenticator app on $name', ({ url }) => {
  let server: TestServer;
  const call = caller(() => server);
  let nextAddress = 10;
  const address = () => `198.51.100.${nextAddress++}`;

  beforeAll(async () => {
    server = await startServer(url, { trustProxy: ['loopback'] });
  });
  afterAll(async () => server?.stop());

  const userWithToken = async (userName: string) => {
    const user = await createTenantUser(server.database.db, { tenant: `${userName} Care`, userName, role: 'Carer', policies: [] });
    return { ...user, token: (await tokensFor(server.url, userName, user.password)).access_token };
  };

  /** A user who has set the app up through the API: its secret and recovery codes. */
  const userWithApp = async (userName: string) => {
    const user = await userWithToken(userName);
    const setup = await call(user.token, 'POST', '/api/account/authenticator/setup', { password: user.password });
    expect(setup.status).toBe(200);
    const secret = setup.body.secret as string;
    const enabled = await call(user.token, 'POST', '/api/account/authenticator/enable', { code: codeAt(secret) });
    expect(enabled.status).toBe(200);
    return { ...user, secret, recoveryCodes: enabled.body.recoveryCodes as string[] };
  };

  /** The password step of a sign-in, from its own address. */
  const passwordStep = async (userName: string, password: string): Promise<{ interaction: Interaction; page: string; status: number }> => {
    const interaction = await openInteraction(server.url, { address: address() });
    const res = await interaction.post('/login', { login: userName, password });
    return { interaction, status: res.status, page: await res.text() };
  };

  const failures = (userId: string) =>
    server.database.db.selectFrom('security_logs').select('action').where('user_id', '=', userId).where('action', '=', 'TwoFactorFailed').execute();

  it('sets the app up: a QR code of the otpauth URI and the key, confirmed with a first code, ten recovery codes', async () => {
    const { token, userName, password } = await userWithToken('app-setup');
    expect((await call(token, 'GET', '/api/account/authenticator')).body).toEqual({ isEnabled: false, enabledTime: null, recoveryCodesLeft: 0 });

    const setup = await call(token, 'POST', '/api/account/authenticator/setup', { password });
    const secret = setup.body.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.body.uri as string);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Vigil:${userName}`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ issuer: 'Vigil', secret, algorithm: 'SHA1', digits: '6', period: '30' });
    expect(setup.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from((setup.body.qrCode as string).split(',')[1]!, 'base64').toString()).toContain('<svg');

    // Not on until a code from the app confirms it.
    expect((await call(token, 'GET', '/api/account/authenticator')).body.isEnabled).toBe(false);
    const wrong = await call(token, 'POST', '/api/account/authenticator/enable', { code: '000000' === codeAt(secret) ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.validationErrors).toEqual([{ members: ['code'], message: 'That code is not correct.' }]);

    const enabled = await call(token, 'POST', '/api/account/authenticator/enable', { code: codeAt(secret) });
    expect(enabled.status).toBe(200);
    const codes = enabled.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const status = (await call(token, 'GET', '/api/account/authenticator')).body;
    expect(status).toMatchObject({ isEnabled: true, recoveryCodesLeft: 10 });

    // Kept hashed, never as given.
    const stored = await server.database.db.selectFrom('user_recovery_codes').select('code_hash').execute();
    const hashes = JSON.stringify(stored);
    for (const code of codes) expect(hashes).not.toContain(code.replace('-', ''));
    // Setting it up again while it is on is refused (it would replace the phone's secret).
    const again = await call(token, 'POST', '/api/account/authenticator/setup', { password });
    expect(again.status).toBe(400);
    expect(again.body.error?.message).toBe('The authenticator app is on already.');
  });

  it('asks for the app\'s code after the password instead of mailing one, and signs in with it; a code is taken once', async () => {
    const user = await userWithApp('app-sign-in');
    const { db } = server.database;
    // Mailed two-factor is on too: the app replaces it.
    await db.updateTable('users').set({ two_factor_enabled: true }).where('id', '=', user.userId).execute();

    const first = await passwordStep(user.userName, user.password);
    expect(first.status).toBe(200);
    expect(first.page).toContain('Enter the code from your app');
    expect(first.page).toContain('action="/oidc/interaction/');
    expect(first.page).toContain('/authenticator"');
    expect(await db.selectFrom('two_factor_challenges').select('user_id').where('user_id', '=', user.userId).execute()).toEqual([]);

    // The code that turned the app on is of a time step already taken: refused (replay).
    const replayed = await first.interaction.post('/authenticator', { code: codeAt(user.secret) });
    expect(replayed.status).toBe(401);
    expect(await replayed.text()).toContain('That code is not correct.');
    const next = codeAt(user.secret, Date.now() + NEXT_STEP);
    const finished = await first.interaction.post('/authenticator', { code: `${next.slice(0, 3)} ${next.slice(3)}` });
    expect(finished.status).toBe(303);
    const tokens = await first.interaction.tokens(finished);
    expect(decodeJwt(tokens.access_token).sub).toBe(user.userId);
    const logs = await db.selectFrom('security_logs').select(['action', 'extra_properties']).where('user_id', '=', user.userId).where('action', '=', 'LoginSucceeded').orderBy('creation_time', 'desc').executeTakeFirstOrThrow();
    expect(JSON.stringify(logs.extra_properties)).toContain('authenticator');

    // The same code once more, in a new sign-in: refused.
    const second = await passwordStep(user.userName, user.password);
    expect((await second.interaction.post('/authenticator', { code: next })).status).toBe(401);
  });

  it('takes each recovery code once instead of the app\'s code', async () => {
    const user = await userWithApp('app-recovery');
    const [code] = user.recoveryCodes;
    const first = await passwordStep(user.userName, user.password);
    const finished = await first.interaction.post('/authenticator', { code: code!.toUpperCase().replace('-', ' ') });
    expect(finished.status).toBe(303);
    expect(decodeJwt((await first.interaction.tokens(finished)).access_token).sub).toBe(user.userId);
    expect((await call(user.token, 'GET', '/api/account/authenticator')).body.recoveryCodesLeft).toBe(9);

    const second = await passwordStep(user.userName, user.password);
    const reused = await second.interaction.post('/authenticator', { code: code! });
    expect(reused.status).toBe(401);
    expect(await reused.text()).toContain('That code is not correct.');
    // Another user's recovery code is nobody's here.
    const other = await userWithApp('app-recovery-other');
    expect((await second.interaction.post('/authenticator', { code: other.recoveryCodes[0]! })).status).toBe(401);
  });

  it(`counts wrong codes like the mailed code's: after ${MAX_CODE_ATTEMPTS} the sign-in starts over`, async () => {
    const user = await userWithApp('app-wrong');
    const { interaction } = await passwordStep(user.userName, user.password);
    const right = codeAt(user.secret, Date.now() + NEXT_STEP);
    const wrongCode = right === '123456' ? '654321' : '123456';
    const statuses: number[] = [];
    for (let i = 0; i < MAX_CODE_ATTEMPTS - 1; i++) statuses.push((await interaction.post('/authenticator', { code: wrongCode })).status);
    expect(statuses).toEqual(Array(MAX_CODE_ATTEMPTS - 1).fill(401));
    const last = await interaction.post('/authenticator', { code: wrongCode });
    expect(await last.text()).toContain('name="password"');
    // Used up: even the right code no longer finishes this sign-in; junk is no 500 either.
    const after = await interaction.post('/authenticator', { code: right });
    expect(after.status).toBe(401);
    expect(await after.text()).toContain('name="password"');
    for (const junk of [{}, { code: '' }, { code: 'x'.repeat(500) }, { code: '<script>' }]) {
      const res = await interaction.post('/authenticator', junk as Record<string, string>);
      expect(res.status).toBeLessThan(500);
    }
    // The wrong codes are in the user's security log (the later tries had no sign-in to belong to).
    expect(await failures(user.userId)).toHaveLength(MAX_CODE_ATTEMPTS);
  });

  it('turns the app off with a code or the password; then the password alone signs in again', async () => {
    const user = await userWithApp('app-off');
    const wrongPassword = await call(user.token, 'POST', '/api/account/authenticator/disable', { password: 'Not-The-Password-1' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.error?.validationErrors).toEqual([{ members: ['password'], message: 'The password is not correct.' }]);
    const neither = await call(user.token, 'POST', '/api/account/authenticator/disable', {});
    expect(neither.status).toBe(400);
    expect(neither.body.error?.validationErrors?.[0]?.message).toBe('Enter a code from the app or your password.');

    // New recovery codes for a current code: the old ones stop working.
    const renewed = await call(user.token, 'POST', '/api/account/authenticator/recovery-codes', { code: codeAt(user.secret, Date.now() + NEXT_STEP) });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    expect(renewed.body.recoveryCodes).not.toContain(user.recoveryCodes[0]);

    expect((await call(user.token, 'POST', '/api/account/authenticator/disable', { password: user.password })).status).toBe(204);
    expect((await call(user.token, 'GET', '/api/account/authenticator')).body).toEqual({ isEnabled: false, enabledTime: null, recoveryCodesLeft: 0 });
    const signedIn = await tokensFor(server.url, user.userName, user.password);
    expect(decodeJwt(signedIn.access_token).sub).toBe(user.userId);

    // Off with a code: set up again, then a recovery code turns it off.
    const again = await userWithApp('app-off-code');
    expect((await call(again.token, 'POST', '/api/account/authenticator/disable', { code: again.recoveryCodes[3]! })).status).toBe(204);
  });

  it('refuses bad input with a 400 in the caller\'s language, and limits code guessing per user', async () => {
    const { token, password } = await userWithToken('app-bad-input');
    const cases: [string, unknown, string][] = [
      ['/api/account/authenticator/enable', {}, 'code'],
      ['/api/account/authenticator/enable', { code: 'x'.repeat(40) }, 'code'],
      ['/api/account/authenticator/enable', { code: '123456', extra: 1 }, 'extra'],
      ['/api/account/authenticator/setup', { password, secret: 'AAAA' }, 'secret'],
      ['/api/account/authenticator/setup', {}, 'password'],
      ['/api/account/authenticator/disable', { password: '' }, 'password'],
      ['/api/account/authenticator/recovery-codes', [], ''],
    ];
    for (const [path, body, member] of cases) {
      const res = await call(token, 'POST', path, body, { lang: 'da' });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error?.code).toBe('Vigil:Validation');
      if (member) expect(res.body.error?.validationErrors?.map((e) => e.members[0])).toContain(member);
    }
    const notSetUp = await call(token, 'POST', '/api/account/authenticator/enable', { code: '123456' }, { lang: 'da' });
    expect(notSetUp.status).toBe(400);
    expect(notSetUp.body.error?.message).toBe('Opsæt appen først.');
    expect((await call('', 'GET', '/api/account/authenticator')).status).toBe(401);

    expect((await call(token, 'POST', '/api/account/authenticator/setup', { password })).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await call(token, 'POST', '/api/account/authenticator/enable', { code: '000000' })).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const limited = await fetch(`${server.url}/api/account/authenticator/enable`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{"code":"000000"}' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as Json).error?.code).toBe('Vigil:TooManyRequests');
  });
});
