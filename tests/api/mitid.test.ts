import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { CookieJar } from '../support/sign-in';
import { createTenantUser } from '../support/fixtures';
import { startOidcStandIn, type OidcStandIn } from '../support/oidc-stand-in';

/** A browser's round trip through the issuer, following redirects across both origins by hand. */
async function browse(server: TestServer, steps: (go: (url: string, init?: RequestInit) => Promise<Response>, interaction: string) => Promise<Response>) {
  const jar = new CookieJar();
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(url, server.url), { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
    jar.store(res);
    return res;
  };
  const verifier = randomBytes(32).toString('base64url');
  const auth = new URL(`${server.url}/oidc/auth`);
  auth.search = new URLSearchParams({
    client_id: 'vigil-web',
    redirect_uri: `${server.url}/`,
    response_type: 'code',
    scope: 'openid profile offline_access Stella',
    state: 's1',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const interaction = (await go(auth.toString())).headers.get('location')!;
  let res = await steps(go, interaction);
  // Follow redirects until the app gets its code back.
  for (let hops = 0; hops < 8 && [302, 303].includes(res.status); hops++) {
    const next = new URL(res.headers.get('location')!, server.url);
    if (next.pathname === '/' && next.searchParams.has('code')) return { code: next.searchParams.get('code'), res };
    res = await go(next.toString());
  }
  return { code: null, res, page: await res.text() };
}

describe.each(DATABASES)('sign-in with MitID (an external OpenID Connect provider) on $name', ({ url }) => {
  let mitid: OidcStandIn;
  let server: TestServer;
  let user: Awaited<ReturnType<typeof createTenantUser>>;

  beforeAll(async () => {
    mitid = await startOidcStandIn();
    server = await startServer(url, { mitid: { issuer: mitid.issuer, clientId: mitid.clientId, clientSecret: mitid.clientSecret, displayName: 'MitID' } });
    user = await createTenantUser(server.database.db, { tenant: 'MitID Care', userName: 'mitiduser', role: 'Staff', policies: [] });
  });
  afterAll(async () => {
    await server?.stop();
    await mitid?.stop();
  });

  it('offers MitID on the sign-in page', async () => {
    const { page } = await browse(server, (go, interaction) => go(interaction));
    expect(page).toContain('Sign in with MitID');
  });

  it('links an unknown MitID to the account that signs in once with its password, then signs in with MitID alone', async () => {
    mitid.signInAs('mitid-subject-1', 'Karen Jensen');
    // First time: MitID confirms the person, Vigil does not know them yet and asks for the password.
    const first = await browse(server, async (go, interaction) => {
      const out = await go(`${interaction}/mitid`);
      expect(out.status).toBe(303);
      expect(out.headers.get('location')).toContain(`${mitid.issuer}/authorize`);
      const back = await go(out.headers.get('location')!); // the provider answers with a code
      const callback = await go(back.headers.get('location')!); // our callback verifies the ID token
      expect(callback.status).toBe(303);
      const finish = await go(callback.headers.get('location')!);
      const page = await go(finish.headers.get('location')!);
      expect(await page.text()).toContain('not linked to a Vigil account yet');
      return go(`${interaction}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ login: 'mitiduser', password: user.password }).toString(),
      });
    });
    expect(first.code).toBeTruthy();
    const link = await server.database.db.selectFrom('external_logins').selectAll().where('user_id', '=', user.userId).executeTakeFirstOrThrow();
    expect(link).toMatchObject({ provider: 'MitID', subject: 'mitid-subject-1', display_name: 'Karen Jensen' });
    // PKCE and the client secret went to the provider's token endpoint.
    expect(mitid.tokenRequests.at(-1)?.get('code_verifier')).toBeTruthy();

    // Next time: MitID alone.
    const second = await browse(server, (go, interaction) => go(`${interaction}/mitid`));
    expect(second.code).toBeTruthy();
    const logs = await server.database.db.selectFrom('security_logs').select(['action', 'extra_properties']).where('user_id', '=', user.userId).orderBy('creation_time').execute();
    expect(logs.at(-1)).toMatchObject({ action: 'LoginSucceeded', extra_properties: { provider: 'MitID' } });
  });

  it('refuses a MitID sign-in whose state was forged or replayed', async () => {
    const res = await fetch(`${server.url}/oidc/external/mitid/callback?code=abc&state=forged`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Signing in with MitID did not succeed');
  });

  it('a locked user cannot get in through MitID either', async () => {
    await server.database.db.updateTable('users').set({ lockout_enabled: true, lockout_end: new Date(Date.now() + 3_600_000) }).where('id', '=', user.userId).execute();
    try {
      mitid.signInAs('mitid-subject-1');
      const attempt = await browse(server, (go, interaction) => go(`${interaction}/mitid`));
      expect(attempt.code).toBeNull();
      expect(attempt.page).toContain('An administrator has locked your account.');
    } finally {
      await server.database.db.updateTable('users').set({ lockout_end: null }).where('id', '=', user.userId).execute();
    }
  });
});
