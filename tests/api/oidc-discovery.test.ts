import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { revokeGrant } from '../../server/identity/grant-revocation';
import { DPOP_ALGS } from '../../server/http/errors';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { challenge, clientSignIn, discover } from '../support/dpop';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { decodeJwt } from '../support/tokens';

/**
 * What the issuer's discovery document promises holds: the claims it lists are in the ID token,
 * the token response names the scopes granted, only the authentication the (public) clients use is
 * offered, and the one access token a client gets works at the API and at userinfo alike.
 */

const ROUTE = '/api/app/user-overviews/current';

describe.each(DATABASES)('discovery tells the truth ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  let doc: Record<string, unknown>;
  beforeAll(async () => {
    server = await startServer(databaseUrl, { signInLimit: { perIp: 1000, perLogin: 1000, windowSeconds: 300 } });
    doc = (await (await fetch(`${server.url}/oidc/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
  });
  afterAll(async () => server?.stop());

  it('offers only the authentication public clients use, and the DPoP algorithms the API takes', () => {
    expect(doc.token_endpoint_auth_methods_supported).toEqual(['none']);
    for (const key of Object.keys(doc).filter((k) => k.endsWith('_auth_methods_supported'))) expect(doc[key]).toEqual(['none']);
    expect(doc.dpop_signing_alg_values_supported).toEqual([...DPOP_ALGS]);
    expect(doc.claims_supported).toEqual(expect.arrayContaining(['sid', 'auth_time']));
  });

  it('puts sid and auth_time in the ID token, also after a refresh', async () => {
    const tokens = await tokensFor(server.url, 'caregiver', DEMO_PASSWORD);
    const id = decodeJwt(tokens.id_token);
    expect(typeof id.sid).toBe('string');
    expect(id.auth_time).toEqual(expect.any(Number));
    expect(Math.abs((id.auth_time as number) - Date.now() / 1000)).toBeLessThan(60);
    const renewed = (await refresh(tokens.refresh_token!)) as { id_token: string; scope: string };
    expect(decodeJwt(renewed.id_token)).toMatchObject({ sid: id.sid, auth_time: id.auth_time });
  });

  it('names openid, and offline_access with the refresh token, in the token response scope; a refresh with that scope works', async () => {
    const tokens = await tokensFor(server.url, 'caregiver', DEMO_PASSWORD);
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.scope.split(' ').sort()).toEqual(['Stella', 'email', 'offline_access', 'openid', 'profile']);
    // The scope the response names can be asked for again: the refresh token carries offline_access.
    const renewed = (await refresh(tokens.refresh_token!, tokens.scope)) as { scope: string; access_token?: string; refresh_token?: string };
    expect(renewed.access_token).toBeTruthy();
    expect(renewed.refresh_token).toBeTruthy();
    expect(renewed.scope.split(' ').sort()).toEqual(['Stella', 'email', 'offline_access', 'openid', 'profile']);
    // A renewal that leaves offline_access out of its request (the web app's) still gets a refresh
    // token, and is told so.
    const again = (await refresh(renewed.refresh_token!, 'openid profile email Stella')) as { scope: string; refresh_token?: string };
    expect(again.refresh_token).toBeTruthy();
    expect(again.scope.split(' ').sort()).toEqual(['Stella', 'email', 'offline_access', 'openid', 'profile']);
    // Only what was asked for, and offline_access with the refresh token the client gets anyway.
    const fewer = await tokensFor(server.url, 'caregiver', DEMO_PASSWORD, { scope: 'openid profile Stella' });
    expect(fewer.refresh_token).toBeTruthy();
    expect(fewer.scope.split(' ').sort()).toEqual(['Stella', 'offline_access', 'openid', 'profile']);
  });

  it('still revokes the public clients\' tokens at the revocation endpoint', async () => {
    const tokens = await tokensFor(server.url, 'caregiver', DEMO_PASSWORD);
    const config = await discover(server.url);
    await client.tokenRevocation(config, tokens.access_token, { token_type_hint: 'access_token' });
    await expect.poll(async () => (await fetch(`${server.url}${ROUTE}`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(401);
    await client.tokenRevocation(config, tokens.refresh_token!);
    expect((await refreshResponse(tokens.refresh_token!)).status).toBe(400);
  });

  it('answers userinfo for the API access token, Bearer and DPoP, with the claims of its scopes', async () => {
    const bearer = await tokensFor(server.url, 'caregiver', DEMO_PASSWORD);
    const res = await fetch(`${server.url}/oidc/me`, { headers: { authorization: `Bearer ${bearer.access_token}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ sub: decodeJwt(bearer.access_token).sub, preferred_username: 'caregiver', email: 'caregiver@example.com', name: 'Clara Carer' });
    const post = await fetch(`${server.url}/oidc/me`, { method: 'POST', headers: { authorization: `Bearer ${bearer.access_token}` } });
    expect(post.status).toBe(200);

    // Without the email scope, no email.
    const noEmail = await tokensFor(server.url, 'caregiver', DEMO_PASSWORD, { scope: 'openid profile Stella' });
    const limited = (await (await fetch(`${server.url}/oidc/me`, { headers: { authorization: `Bearer ${noEmail.access_token}` } })).json()) as Record<string, unknown>;
    expect(limited.preferred_username).toBe('caregiver');
    expect(limited).not.toHaveProperty('email');

    const bound = await clientSignIn(server.url, 'caregiver', DEMO_PASSWORD);
    const sub = decodeJwt(bound.tokens.access_token).sub as string;
    const info = await client.fetchUserInfo(bound.config, bound.tokens.access_token, sub, { DPoP: bound.dpop! });
    expect(info).toMatchObject({ sub, preferred_username: 'caregiver' });
    // The same API token at the API with openid-client: one token for both.
    const api = await client.fetchProtectedResource(bound.config, bound.tokens.access_token, new URL(`${server.url}${ROUTE}`), 'GET', undefined, undefined, { DPoP: bound.dpop! });
    expect(api.status).toBe(200);

    // The bound token without its proof is refused there too.
    const asBearer = await fetch(`${server.url}/oidc/me`, { headers: { authorization: `Bearer ${bound.tokens.access_token}` } });
    expect(asBearer.status).toBe(401);
    expect(challenge(asBearer.headers.get('www-authenticate'), 'DPoP')).toMatchObject({ error: 'invalid_token' });
  });

  it('refuses userinfo for an API token whose sign-in ended', async () => {
    const tokens = await tokensFor(server.url, 'caregiver', DEMO_PASSWORD);
    await revokeGrant(server.database.db, decodeJwt(tokens.access_token).gid as string);
    const res = await fetch(`${server.url}/oidc/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(res.status).toBe(401);
    expect(challenge(res.headers.get('www-authenticate'), 'Bearer')).toMatchObject({ error: 'invalid_token' });
    expect(await res.json()).toMatchObject({ error: 'invalid_token' });
  });

  it('says how to authenticate on every 401', async () => {
    // No token on a protected route: both schemes, no error (RFC 6750 section 3).
    const missing = await fetch(`${server.url}${ROUTE}`);
    expect(missing.status).toBe(401);
    const header = missing.headers.get('www-authenticate');
    expect(challenge(header, 'Bearer')).toEqual({});
    expect(challenge(header, 'DPoP')).toEqual({ algs: DPOP_ALGS.join(' ') });
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('Volo.Authorization:010001'); // ABP: an anonymous caller's denied policy, 401

    // A bad token: invalid_token in the scheme it came with.
    const bad = await fetch(`${server.url}${ROUTE}`, { headers: { authorization: 'Bearer not.a.token' } });
    expect(bad.status).toBe(401);
    expect(challenge(bad.headers.get('www-authenticate'), 'Bearer')).toMatchObject({ error: 'invalid_token', error_description: expect.any(String) });
    const badDpop = await fetch(`${server.url}${ROUTE}`, { headers: { authorization: 'DPoP not.a.token' } });
    expect(challenge(badDpop.headers.get('www-authenticate'), 'DPoP')).toMatchObject({ error: 'invalid_token' });

    // A token whose sign-in ended (refused after the signature check).
    const tokens = await tokensFor(server.url, 'caregiver', DEMO_PASSWORD);
    await revokeGrant(server.database.db, decodeJwt(tokens.access_token).gid as string);
    const ended = await fetch(`${server.url}${ROUTE}`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(ended.status).toBe(401);
    expect(challenge(ended.headers.get('www-authenticate'), 'Bearer')).toMatchObject({ error: 'invalid_token' });

    // Userinfo: a bad JWT (answered here) and no token at all (answered by oidc-provider).
    const badInfo = await fetch(`${server.url}/oidc/me`, { headers: { authorization: 'Bearer not.a.token' } });
    expect(badInfo.status).toBe(401);
    expect(challenge(badInfo.headers.get('www-authenticate'), 'Bearer')).toMatchObject({ error: 'invalid_token' });
    const noInfo = await fetch(`${server.url}/oidc/me`);
    expect(noInfo.status).toBe(401);
    expect(noInfo.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  const refreshResponse = (refreshToken: string, scope?: string) =>
    fetch(`${server.url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'vigil-web', ...(scope ? { scope } : {}) }),
    });
  const refresh = async (refreshToken: string, scope?: string) => {
    const res = await refreshResponse(refreshToken, scope);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  };
});
