import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { createTenantUser } from '../support/fixtures';
import { caller, type Json } from '../support/api-calls';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { openPasskeyInteraction, passkeyOptions } from '../support/passkey-sign-in';
import { DEMO_PASSWORD } from '../../server/seed/demo';

/** Sign-in with a passkey alone (issue 15 item 6): the account API and the issuer's sign-in page. */
describe.each(DATABASES)('passkeys on $name', ({ url }) => {
  let server: TestServer;
  const call = caller(() => server);
  /** Each test signs in from its own address (TRUST_PROXY is loopback here), so the per-address limits of one never reach another. */
  let nextAddress = 10;
  const address = () => `203.0.113.${nextAddress++}`;

  beforeAll(async () => {
    server = await startServer(url, { trustProxy: ['loopback'], signInLimit: { perIp: 12, perLogin: 10, windowSeconds: 300 } });
  });
  afterAll(async () => server?.stop());

  const userWithToken = async (userName: string, tenant?: string) => {
    const user = await createTenantUser(server.database.db, { tenant: tenant ?? `${userName} Care`, userName, role: 'Carer', policies: [] });
    return { ...user, token: (await tokensFor(server.url, userName, user.password)).access_token };
  };

  /** Adds a passkey through the API as the web app does (the password first); returns it as the API answers. */
  const addPasskey = async (user: { token: string; password: string }, authenticator: SoftAuthenticator, body: Record<string, unknown> = {}) => {
    const { token } = user;
    const options = await call(token, 'POST', '/api/account/passkeys/registration-options', { password: user.password });
    expect(options.status).toBe(200);
    const response = authenticator.create(options.body as unknown as PublicKeyCredentialCreationOptionsJSON, server.url);
    return call(token, 'POST', '/api/account/passkeys', { response, ...body });
  };

  const signInWithPasskey = async (authenticator: SoftAuthenticator, credentialId?: string) => {
    const interaction = await openPasskeyInteraction(server.url, { address: address() });
    const options = await passkeyOptions(interaction);
    const answered = await interaction.answer(authenticator.get(options, server.url, credentialId));
    return { interaction, answered };
  };

  it('adds a passkey on the account, lists, renames it, and signs in with it alone', async () => {
    const { token, userId, password } = await userWithToken('passkey-carer');
    const authenticator = new SoftAuthenticator();

    const options = await call(token, 'POST', '/api/account/passkeys/registration-options', { password });
    const creation = options.body as unknown as PublicKeyCredentialCreationOptionsJSON;
    expect(creation.rp).toEqual({ name: 'Vigil', id: '127.0.0.1' });
    expect(creation.user.name).toBe('passkey-carer');
    expect(creation.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const added = await call(token, 'POST', '/api/account/passkeys', { name: 'My phone', response: authenticator.create(creation, server.url) });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: 'My phone', lastUsedTime: null, isSynced: false });

    // The next registration excludes it (the authenticator would not make a second one).
    const again = await call(token, 'POST', '/api/account/passkeys/registration-options', { password });
    expect((again.body as unknown as PublicKeyCredentialCreationOptionsJSON).excludeCredentials?.map((c) => c.id)).toEqual([authenticator.credentials[0]!.id]);

    const renamed = await call(token, 'PUT', `/api/account/passkeys/${added.body.id as string}`, { name: '  Kitchen tablet ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Kitchen tablet');

    // Two-factor by mail is on: a passkey still signs in at once, it counts as both factors.
    await server.database.db.updateTable('users').set({ two_factor_enabled: true }).where('id', '=', userId).execute();
    const { interaction, answered } = await signInWithPasskey(authenticator);
    expect(answered.status).toBe(303);
    const tokens = await interaction.tokens(answered);
    expect(decodeJwt(tokens.access_token).sub).toBe(userId);

    const list = await call(tokens.access_token, 'GET', '/api/account/passkeys');
    expect(list.body.totalCount).toBe(1);
    const [item] = list.body.items as Json[];
    expect(item).toMatchObject({ name: 'Kitchen tablet' });
    expect(Date.parse(item!.lastUsedTime as string)).toBeGreaterThan(Date.now() - 60_000);
    const logs = await server.database.db.selectFrom('security_logs').select(['action', 'extra_properties']).where('user_id', '=', userId).where('action', 'like', 'Login%').orderBy('creation_time').execute();
    expect(logs.at(-1)).toMatchObject({ action: 'LoginSucceeded' });
    expect(JSON.stringify(logs.at(-1)!.extra_properties)).toContain('passkey');
    const mailed = await server.database.db.selectFrom('two_factor_challenges').select('user_id').where('user_id', '=', userId).execute();
    expect(mailed).toEqual([]);
  });

  it('names a passkey after the browser when no name is given', async () => {
    const { token, password } = await userWithToken('passkey-unnamed');
    const options = await call(token, 'POST', '/api/account/passkeys/registration-options', { password });
    const response = new SoftAuthenticator().create(options.body as unknown as PublicKeyCredentialCreationOptionsJSON, server.url);
    const res = await fetch(`${server.url}/api/account/passkeys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36' },
      body: JSON.stringify({ response }),
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as Json).name).toBe('Chrome on Linux');
  });

  it('a removed passkey no longer signs in; another user\'s passkey is a 404', async () => {
    const owner = await userWithToken('passkey-owner');
    const other = await userWithToken('passkey-other');
    const authenticator = new SoftAuthenticator();
    const added = await addPasskey(owner, authenticator, { name: 'Laptop' });
    const id = added.body.id as string;

    // The other user sees none of it and can neither rename nor remove it.
    expect((await call(other.token, 'GET', '/api/account/passkeys')).body).toEqual({ totalCount: 0, items: [] });
    const rename = await call(other.token, 'PUT', `/api/account/passkeys/${id}`, { name: 'Mine now' });
    expect(rename.status).toBe(404);
    expect(rename.body.error?.message).toBe('There is no such passkey.');
    expect((await call(other.token, 'DELETE', `/api/account/passkeys/${id}`)).status).toBe(404);

    expect((await signInWithPasskey(authenticator)).answered.status).toBe(303);
    expect((await call(owner.token, 'DELETE', `/api/account/passkeys/${id}`)).status).toBe(204);
    expect((await call(owner.token, 'DELETE', `/api/account/passkeys/${id}`)).status).toBe(404);
    const { answered } = await signInWithPasskey(authenticator);
    expect(answered.status).toBe(401);
    expect(await answered.text()).toContain('That passkey could not sign you in.');
  });

  it('refuses bad input with a 400 in the caller\'s language, never a 500', async () => {
    const user = await userWithToken('passkey-bad-input');
    const { token, password } = user;
    const authenticator = new SoftAuthenticator();

    const missing = await call(token, 'POST', '/api/account/passkeys', { name: 'x' }, { lang: 'da' });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.validationErrors?.map((e) => e.members[0])).toEqual(['response']);
    expect(missing.body.error?.validationErrors?.[0]?.message).toMatch(/Adgangsnøgle/);

    const notObject = await call(token, 'POST', '/api/account/passkeys', '[1,2]');
    expect(notObject.status).toBe(400);
    const badShape = await call(token, 'POST', '/api/account/passkeys', { response: { id: 'not base64!', rawId: 'x', type: 'public-key', response: {}, clientExtensionResults: {} } });
    expect(badShape.status).toBe(400);
    const tooLong = await call(token, 'POST', '/api/account/passkeys', { name: 'x'.repeat(65), response: {} });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error?.validationErrors?.map((e) => e.members[0]).sort()).toContain('name');
    const extra = await call(token, 'POST', '/api/account/passkeys/registration-options', { password, admin: true });
    expect(extra.status).toBe(400);

    // No ceremony begun: the answer is refused as expired, in Danish.
    const options = await call(token, 'POST', '/api/account/passkeys/registration-options', { password });
    const response = authenticator.create(options.body as unknown as PublicKeyCredentialCreationOptionsJSON, server.url);
    expect((await call(token, 'POST', '/api/account/passkeys', { response })).status).toBe(201);
    const replayed = await call(token, 'POST', '/api/account/passkeys', { response }, { lang: 'da' });
    expect(replayed.status).toBe(400);
    expect(replayed.body.error?.validationErrors?.[0]?.message).toBe('Tilføjelsen af adgangsnøglen tog for lang tid. Prøv igen.');

    // An answer for another challenge, from another origin, or without user verification.
    const wrongOrigin = await call(token, 'POST', '/api/account/passkeys/registration-options', { password });
    const fromEvil = authenticator.create(wrongOrigin.body as unknown as PublicKeyCredentialCreationOptionsJSON, 'https://evil.example');
    const refused = await call(token, 'POST', '/api/account/passkeys', { response: fromEvil });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.validationErrors?.[0]?.message).toBe('The passkey could not be checked. Please try again.');
    const presenceOnly = new SoftAuthenticator();
    presenceOnly.userVerification = false;
    expect((await addPasskey(user, presenceOnly)).status).toBe(400);
    // A web app on an origin passkeys cannot belong to is told where to add them.
    const foreign = await fetch(`${server.url}/api/account/passkeys/registration-options`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, origin: 'https://elsewhere.example', 'content-type': 'application/json' },
      body: JSON.stringify({ password }),
    });
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as Json).error?.message).toBe(`Passkeys can be added on ${server.url}.`);

    for (const [method, path, body] of [
      ['PUT', '/api/account/passkeys/not-a-uuid', { name: 'x' }],
      ['DELETE', '/api/account/passkeys/not-a-uuid', undefined],
      ['PUT', '/api/account/passkeys/00000000-0000-4000-8000-000000000000', { name: '   ' }],
      ['PUT', '/api/account/passkeys/00000000-0000-4000-8000-000000000000', { name: { first: 'x' } }],
    ] as const) {
      const res = await call(token, method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error?.code).toBe('Vigil:Validation');
    }
    expect((await call('', 'GET', '/api/account/passkeys')).status).toBe(401);
  });

  it('on the sign-in page: options name nobody, every failed answer reads the same, a challenge is good once', async () => {
    const user = await userWithToken('passkey-attacked');
    const authenticator = new SoftAuthenticator();
    await addPasskey(user, authenticator);

    const interaction = await openPasskeyInteraction(server.url, { address: address() });
    const options = await passkeyOptions(interaction);
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');
    expect(options.rpId).toBe('127.0.0.1');

    // The attacker's own authenticator (a credential nobody registered) and a forged signature on a real one.
    const stranger = new SoftAuthenticator();
    stranger.create({ ...(await call(user.token, 'POST', '/api/account/passkeys/registration-options', { password: user.password })).body } as unknown as PublicKeyCredentialCreationOptionsJSON, server.url);
    const unknown = await interaction.answer(stranger.get(options, server.url));
    const unknownPage = await unknown.text();
    const second = await passkeyOptions(interaction);
    const genuine = authenticator.get(second, server.url);
    const forged = await interaction.answer({ ...genuine, response: { ...genuine.response, signature: stranger.get(second, server.url).response.signature } });
    const forgedPage = await forged.text();
    expect([unknown.status, forged.status]).toEqual([401, 401]);
    const alertOf = (page: string) => /role="alert" id="signin-error">([^<]*)</.exec(page)?.[1];
    expect(alertOf(unknownPage)).toBe('That passkey could not sign you in. Try again, or sign in with your password.');
    expect(alertOf(forgedPage)).toBe(alertOf(unknownPage));

    // The genuine answer to a challenge already used (by the forged one) is refused too.
    expect((await interaction.answer(genuine)).status).toBe(401);
    // Junk is the page with its error, not a 500.
    for (const junk of ['', '{', '[]', JSON.stringify({ id: 'x' }), 'x'.repeat(9000)]) {
      const res = await interaction.answer(junk);
      expect(res.status, junk.slice(0, 20)).toBeLessThan(500);
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    // Answered from another origin (a phishing page relaying the challenge): refused.
    const third = await passkeyOptions(interaction);
    expect((await interaction.answer(authenticator.get(third, 'https://evil.example'))).status).toBe(401);
  });

  it('limits passkey sign-in per address: 429 with Retry-After, another address is not affected', async () => {
    const attacker = address();
    const interaction = await openPasskeyInteraction(server.url, { address: attacker });
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await interaction.options()).status);
    expect(statuses.slice(0, 12).every((s) => s === 200)).toBe(true);
    const refused = await interaction.options();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as Json).error?.code).toBe('Vigil:TooManyRequests');
    const answer = await interaction.answer('{}');
    expect(answer.status).toBe(429);
    expect(await answer.text()).toContain('Too many sign-in attempts.');

    const elsewhere = await openPasskeyInteraction(server.url, { address: address() });
    expect((await elsewhere.options()).status).toBe(200);
  });

  it('a passkey gets no one past a lock, an inactive user or an inactive tenant', async () => {
    const { db } = server.database;
    const user = await userWithToken('passkey-refused');
    const authenticator = new SoftAuthenticator();
    await addPasskey(user, authenticator);

    await db.updateTable('users').set({ is_active: false }).where('id', '=', user.userId).execute();
    let { answered } = await signInWithPasskey(authenticator);
    expect(answered.status).toBe(403);
    expect(await answered.text()).toContain('This account is not active.');

    await db.updateTable('users').set({ is_active: true, lockout_enabled: true, lockout_end: new Date(Date.now() + 3_600_000) }).where('id', '=', user.userId).execute();
    ({ answered } = await signInWithPasskey(authenticator));
    expect(answered.status).toBe(423);

    await db.updateTable('users').set({ lockout_end: null }).where('id', '=', user.userId).execute();
    await db.updateTable('tenants').set({ is_active: false }).where('id', '=', user.tenantId!).execute();
    ({ answered } = await signInWithPasskey(authenticator));
    expect(answered.status).toBe(403);

    await db.updateTable('tenants').set({ is_active: true }).where('id', '=', user.tenantId!).execute();
    ({ answered } = await signInWithPasskey(authenticator));
    expect(answered.status).toBe(303);
    const logs = await db.selectFrom('security_logs').select('action').where('user_id', '=', user.userId).where('action', 'in', ['LoginNotAllowed', 'LoginLockedOut']).execute();
    expect(logs.map((l) => l.action).sort()).toEqual(['LoginLockedOut', 'LoginNotAllowed', 'LoginNotAllowed']);
  });

  it('the sign-in page offers the passkey with a same-origin script (no inline script), hidden until it runs', async () => {
    const interaction = await openPasskeyInteraction(server.url, { address: address(), language: 'da' });
    const page = await (await fetch(interaction.url, { headers: { cookie: interaction.jar.header(), 'accept-language': 'da' } })).text();
    expect(page).toContain('<div id="passkey" hidden>');
    expect(page).toContain('>Log ind med en adgangsnøgle</button>');
    expect(page).toContain('<script src="/signin-scripts/passkey-sign-in.js" defer></script>');
    expect([...page.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)]).toEqual([]);
    const script = await fetch(`${server.url}/signin-scripts/passkey-sign-in.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.headers.get('content-security-policy')).toContain("script-src 'self'");
    const code = await script.text();
    expect(code).toContain('passkey-button');
    expect(code).not.toMatch(/\bimport\s*[{(]/);
  });

  it('the demo carer can use passkeys too (the account page\'s user)', async () => {
    const token = (await tokensFor(server.url, 'caregiver', DEMO_PASSWORD)).access_token;
    const added = await addPasskey({ token, password: DEMO_PASSWORD }, new SoftAuthenticator(), { name: 'Demo' });
    expect(added.status).toBe(201);
    expect((await call(token, 'DELETE', `/api/account/passkeys/${added.body.id as string}`)).status).toBe(204);
  });
});
