import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { signIn, tokensFor } from '../support/sign-in';
import { decodeJwt } from '../support/tokens';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { forgetLogins } from '../../server/identity/sign-in-throttle';

describe.each(DATABASES)('sign-in through the issuer ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(databaseUrl, { signInLimit: { perIp: 1000, perLogin: 1000, windowSeconds: 300 } });
  });
  afterAll(async () => server?.stop());

  it('publishes a discovery document with PKCE S256 and the product scopes', async () => {
    const res = await fetch(`${server.url}/oidc/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Record<string, unknown>;
    expect(doc.issuer).toBe(`${server.url}/oidc`);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'offline_access', 'Stella']));
    expect(doc.response_types_supported).toEqual(['code']);
    for (const key of ['token_endpoint', 'userinfo_endpoint', 'end_session_endpoint', 'revocation_endpoint', 'jwks_uri']) {
      expect(doc[key]).toMatch(new RegExp(`^${server.url}/oidc/`));
    }
  });

  it('refuses an authorization request without PKCE', async () => {
    const auth = new URL(`${server.url}/oidc/auth`);
    auth.search = new URLSearchParams({ client_id: 'vigil-web', redirect_uri: `${server.url}/`, response_type: 'code', scope: 'openid', state: 'x' }).toString();
    const res = await fetch(auth, { redirect: 'manual' });
    const location = new URL(res.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('signs in with the user name or the email; the JWT access token carries the tenant from the account', async () => {
    const byName = await tokensFor(server.url, 'caregiver', DEMO_PASSWORD);
    const byEmail = await tokensFor(server.url, 'CAREGIVER@example.com', DEMO_PASSWORD);
    const a = decodeJwt(byName.access_token);
    const b = decodeJwt(byEmail.access_token);
    expect(a.sub).toBe(b.sub);
    expect(a.aud).toBe('vigil-api');
    expect(a.iss).toBe(`${server.url}/oidc`);
    expect(typeof a.tenantid).toBe('string');
    expect(a.role).toEqual(['Plug and Play User']);
    expect(byName.refresh_token).toBeTruthy();
    expect(byName.scope.split(' ')).toEqual(expect.arrayContaining(['Stella']));
    const id = decodeJwt(byName.id_token);
    expect(id.preferred_username).toBe('caregiver');
    expect(id.email).toBe('caregiver@example.com');
  });

  it('renews tokens with the refresh token (offline_access) and revokes it', async () => {
    const tokens = await tokensFor(server.url, 'staff', DEMO_PASSWORD);
    const refresh = (refreshToken: string) =>
      fetch(`${server.url}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'vigil-web' }),
      });
    const res = await refresh(tokens.refresh_token!);
    expect(res.status).toBe(200);
    const renewed = (await res.json()) as { access_token: string; refresh_token: string };
    expect(decodeJwt(renewed.access_token).sub).toBe(decodeJwt(tokens.access_token).sub);

    const revoke = await fetch(`${server.url}/oidc/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: renewed.refresh_token, token_type_hint: 'refresh_token', client_id: 'vigil-web' }),
    });
    expect(revoke.status).toBe(200);
    expect((await refresh(renewed.refresh_token)).status).toBe(400);
  });

  it('answers userinfo for an identity-only token', async () => {
    const tokens = await tokensFor(server.url, 'caregiver', DEMO_PASSWORD, { scope: 'openid profile email' });
    const res = await fetch(`${server.url}/oidc/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(res.status).toBe(200);
    const info = (await res.json()) as Record<string, unknown>;
    expect(info).toMatchObject({ preferred_username: 'caregiver', email: 'caregiver@example.com', name: 'Clara Carer' });
  });

  it('shows a translated error for a wrong password and counts it', async () => {
    const en = await signIn(server.url, 'staff', 'Wrong-Pass-2026');
    expect(en.status).toBe(401);
    expect(en.page).toContain('The user name, email or password is not correct.');
    const da = await signIn(server.url, 'staff', 'Wrong-Pass-2026', { language: 'da-DK,da;q=0.9' });
    expect(da.page).toContain('Brugernavnet, e-mailen eller adgangskoden er forkert.');
    const de = await signIn(server.url, 'staff', 'Wrong-Pass-2026', { language: 'de' });
    expect(de.page).toContain('Benutzername, E-Mail-Adresse oder Passwort ist nicht korrekt.');
    const row = await server.database.db.selectFrom('users').select('access_failed_count').where('user_name', '=', 'staff').executeTakeFirstOrThrow();
    expect(row.access_failed_count).toBe(3);
    // A right password resets the count.
    await tokensFor(server.url, 'staff', DEMO_PASSWORD);
    const after = await server.database.db.selectFrom('users').select('access_failed_count').where('user_name', '=', 'staff').executeTakeFirstOrThrow();
    expect(after.access_failed_count).toBe(0);
  });

  it('locks this address out of the account after five wrong passwords, then refuses even the right one from it', async () => {
    for (let i = 0; i < 4; i++) expect((await signIn(server.url, 'admin', `Wrong-Pass-${i}x`)).status).toBe(401);
    // The answer says nothing about the account (a name that is nobody's gets the same; tests/api/sign-in-abuse.test.ts).
    const fifth = await signIn(server.url, 'admin', 'Wrong-Pass-5x');
    expect(fifth.status).toBe(429);
    expect(fifth.page).toContain('Too many sign-in attempts');
    const right = await signIn(server.url, 'admin', DEMO_PASSWORD);
    expect(right.status).toBe(429);
    const logs = await server.database.db.selectFrom('security_logs').select('action').where('user_name', '=', 'admin').execute();
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(['LoginFailed', 'LoginLockedOut']));
    await forgetLogins(server.database.db, ['ADMIN']);
  });

  it('does not tell an unknown user from a wrong password', async () => {
    const unknown = await signIn(server.url, 'nobody-here', 'Wrong-Pass-2026');
    expect(unknown.status).toBe(401);
    expect(unknown.page).toContain('The user name, email or password is not correct.');
  });

  it('keeps the escaped login in the form and never echoes markup', async () => {
    const attempt = await signIn(server.url, '<script>alert(1)</script>', 'x');
    expect(attempt.page).not.toContain('<script>alert(1)</script>');
    expect(attempt.page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('sign-in rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('', { signInLimit: { perIp: 1000, perLogin: 3, windowSeconds: 300 } });
  });
  afterAll(async () => server?.stop());

  it('answers 429 with Retry-After once a login name has too many attempts', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn(server.url, 'nobody', 'Wrong-Pass-2026')).status).toBe(401);
    const limited = await signIn(server.url, 'nobody', 'Wrong-Pass-2026');
    expect(limited.status).toBe(429);
    expect(limited.page).toContain('Too many sign-in attempts');
    // Other people can still sign in.
    await tokensFor(server.url, 'caregiver', DEMO_PASSWORD);
  });
});
