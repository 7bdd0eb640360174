import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { CookieJar, signIn } from '../support/sign-in';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { clientAddress, trustFunction } from '../../server/http/trust-proxy';

/** One wrong-password sign-in through the issuer's form, sent with the given X-Forwarded-For. */
async function wrongSignIn(baseUrl: string, login: string, forwardedFor: string): Promise<number> {
  const jar = new CookieJar();
  const go = async (url: string | URL, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header(), 'x-forwarded-for': forwardedFor } });
    jar.store(res);
    return res;
  };
  const auth = new URL(`${baseUrl}/oidc/auth`);
  const challenge = createHash('sha256').update(randomBytes(32)).digest('base64url');
  auth.search = new URLSearchParams({ client_id: 'vigil-web', redirect_uri: `${baseUrl}/`, response_type: 'code', scope: 'openid', code_challenge: challenge, code_challenge_method: 'S256' }).toString();
  const interaction = new URL((await go(auth)).headers.get('location')!, baseUrl);
  const res = await go(`${interaction}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login, password: 'Wrong-Pass-2026' }).toString(),
  });
  return res.status;
}

async function loggedAddresses(server: TestServer, login: string): Promise<string[]> {
  const rows = await server.database.db.selectFrom('security_logs').select('client_ip_address').where('user_name', '=', login).execute();
  return [...new Set(rows.map((r) => r.client_ip_address ?? ''))];
}

describe('client addresses behind TRUST_PROXY', () => {
  let plain: TestServer;
  let proxied: TestServer;
  const limit = { perIp: 3, perLogin: 100, windowSeconds: 300 };
  beforeAll(async () => {
    [plain, proxied] = await Promise.all([startServer('', { signInLimit: limit }), startServer('', { signInLimit: limit, trustProxy: 1 })]);
  });
  afterAll(async () => Promise.all([plain?.stop(), proxied?.stop()]));

  it('by default a forged X-Forwarded-For neither escapes the per-address limit nor reaches the security log', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await wrongSignIn(plain.url, `forger${i}`, `203.0.113.${i + 1}`));
    // Three tries per address, whatever the header claims; then refused.
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    for (let i = 0; i < 5; i++) expect(await loggedAddresses(plain, `forger${i}`)).toEqual(['127.0.0.1']);
  });

  it("with TRUST_PROXY=1 the header's last hop is the client", async () => {
    expect(await wrongSignIn(proxied.url, 'behind-proxy', '198.51.100.1, 203.0.113.77')).toBe(401);
    expect(await loggedAddresses(proxied, 'behind-proxy')).toEqual(['203.0.113.77']);
  });

  it("a sign-out's security log has the connection's address, not a forged header's", async () => {
    // A server of its own: the cases above spent this address's sign-in tries on the others.
    const server = await startServer('');
    const { jar } = await signIn(server.url, 'caregiver', DEMO_PASSWORD);
    const forged = { 'x-forwarded-for': '203.0.113.66' };
    const go = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), ...forged, cookie: jar!.header() } });
      jar!.store(res);
      return res;
    };
    const page = await (await go(`${server.url}/oidc/session/end?client_id=vigil-web`)).text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1];
    expect(xsrf).toBeTruthy();
    const confirmed = await go(`${server.url}/oidc/session/end/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
    });
    expect(confirmed.status).toBeLessThan(400);
    await expect
      .poll(async () => (await server.database.db.selectFrom('security_logs').select('client_ip_address').where('action', '=', 'Logout').execute()).map((r) => r.client_ip_address))
      .toEqual(['127.0.0.1']);
    await server.stop();
  });

  it('the ingest port reads addresses the same way', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.5', trustFunction(false))).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', '198.51.100.1, 203.0.113.5', trustFunction(1))).toBe('203.0.113.5');
    expect(clientAddress('10.0.0.2', '198.51.100.1, 10.0.0.9', trustFunction(['10.0.0.0/8']))).toBe('198.51.100.1');
    // A caller that is not a listed proxy is the client, whatever it forwards.
    expect(clientAddress('192.0.2.4', '198.51.100.1', trustFunction(['10.0.0.0/8']))).toBe('192.0.2.4');
  });
});
