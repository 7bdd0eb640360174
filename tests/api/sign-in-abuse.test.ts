import http from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { caller } from '../support/api-calls';
import { DEMO_PASSWORD } from '../../server/seed/demo';

/**
 * Sign-in abuse, played by an attacker: the client address is the connection's own (each
 * "browser" here binds a loopback address of its own, 127.x.y.z), so no proxy header is needed.
 */
interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

function send(url: string, localAddress: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: init.headers, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

interface Attempt {
  status: number;
  page: string;
  retryAfter: number | null;
  /** Milliseconds the form post took. */
  ms: number;
  /** Posts the mailed code (when the code page showed). */
  code: (code: string) => Promise<Reply>;
  /** Posts any body to one of the interaction's pages, in this browser. */
  post: (path: string, body: string, contentType: string) => Promise<Reply>;
}

/** One browser at `address`: authorize, the sign-in page, then the form post. */
async function attempt(baseUrl: string, address: string, login: string, password: string): Promise<Attempt> {
  const cookies = new Map<string, string>();
  const keep = (r: Reply) => {
    for (const line of [r.headers['set-cookie'] ?? []].flat()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    return r;
  };
  const headers = () => ({ cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'accept-language': 'en' });
  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  const auth = new URL(`${baseUrl}/oidc/auth`);
  auth.search = new URLSearchParams({
    client_id: 'vigil-web', redirect_uri: `${baseUrl}/`, response_type: 'code', scope: 'openid', state: 's',
    code_challenge: challenge, code_challenge_method: 'S256',
  }).toString();
  const redirected = keep(await send(auth.toString(), address, { headers: headers() }));
  const interaction = new URL(String(redirected.headers.location), baseUrl).toString();
  keep(await send(interaction, address, { headers: headers() }));
  const post = (path: string, body: string, contentType: string) =>
    send(`${interaction}/${path}`, address, { method: 'POST', headers: { ...headers(), 'content-type': contentType }, body }).then(keep);
  const form = (path: string, body: Record<string, string>) => post(path, new URLSearchParams(body).toString(), 'application/x-www-form-urlencoded');
  const started = performance.now();
  const posted = await form('login', { login, password });
  const ms = performance.now() - started;
  const retry = posted.headers['retry-after'];
  return { status: posted.status, page: posted.text, retryAfter: retry ? Number(retry) : null, ms, code: (code) => form('two-factor', { code }), post };
}

/** The page without what is one attempt's own: the interaction id and the echoed login. */
const shape = (page: string, login: string) => page.replaceAll(/interaction\/[^/"]+/g, 'interaction/UID').replaceAll(login, 'LOGIN');

const wrong = (i: number) => `Wrong-Pass-${i}x!`;

describe.each(DATABASES)('sign-in abuse ($name)', ({ url }) => {
  let server: TestServer;
  let admin: string;
  const call = caller(() => server);
  const lockout = async (values: { maxFailedAccessAttempts: number; lockoutDuration: number; allowedForNewUsers?: boolean }) => {
    const current = await call(admin, 'GET', '/api/setting-management/identity');
    const body = { password: current.body.password, lockout: { allowedForNewUsers: true, ...values } };
    expect((await call(admin, 'PUT', '/api/setting-management/identity', body)).status).toBeLessThan(300);
  };

  beforeAll(async () => {
    server = await startServer(url, { signInLimit: { perIp: 10_000, perLogin: 10_000, windowSeconds: 300 } });
    admin = (await tokensFor(server.url, 'admin', DEMO_PASSWORD)).access_token;
  });
  afterAll(async () => server?.stop());

  it('an attacker at one address cannot keep the owner out from another', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await attempt(server.url, '127.0.0.2', 'staff', wrong(i))).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);
    // The attacker's address stays out even with the right password...
    expect((await attempt(server.url, '127.0.0.2', 'staff', DEMO_PASSWORD)).status).toBe(429);
    // ...while the owner signs in from elsewhere.
    expect((await attempt(server.url, '127.0.0.3', 'staff', DEMO_PASSWORD)).status).toBe(303);
    const logs = await server.database.db.selectFrom('security_logs').select(['action', 'client_ip_address']).where('user_name', '=', 'staff').execute();
    expect(logs.filter((l) => l.client_ip_address === '127.0.0.2').map((l) => l.action)).toEqual(expect.arrayContaining(['LoginFailed', 'LoginLockedOut']));
    expect(logs.some((l) => l.action === 'LoginSucceeded' && l.client_ip_address === '127.0.0.3')).toBe(true);
  });

  it('answers a hostile form with a page in the browser\'s language, never a 500', async () => {
    const browser = await attempt(server.url, '127.0.9.1', 'nobody-here', wrong(0));
    const FORM = 'application/x-www-form-urlencoded';
    const hostile: [path: string, body: string, type: string][] = [
      ['login', 'login=admin&login=staff&password=x', FORM],
      ['login', `login=admin&password=${'x'.repeat(5000)}`, FORM],
      ['login', JSON.stringify({ login: { $ne: 1 }, password: ['a'] }), 'application/json'],
      ['login', 'null', 'application/json'],
      ['login', '', FORM],
      ['two-factor', 'code=1&code=2', FORM],
      ['authenticator', JSON.stringify({ code: 123456 }), 'application/json'],
    ];
    for (const [path, body, type] of hostile) {
      const answer = await browser.post(path, body, type);
      expect(answer.status, `${path} ${body.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${path} ${body.slice(0, 40)}`).toBeLessThan(500);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
    }
    // An interaction that is not this browser's, and a language that is not one: the expired page, a 400.
    const odd = await send(`${server.url}/oidc/interaction/${'u'.repeat(90)}?lng=${'x'.repeat(40)}&lng=da`, '127.0.9.2');
    expect(odd.status).toBe(400);
    expect(odd.text).toContain('expired');
  });

  it('answers an unknown name exactly as a known one, locked or not', async () => {
    const run = async (login: string, address: string) => {
      const answers: { status: number; page: string; retryAfter: number | null }[] = [];
      for (let i = 0; i < 7; i++) {
        const a = await attempt(server.url, address, login, wrong(i));
        answers.push({ status: a.status, page: shape(a.page, login), retryAfter: a.retryAfter });
      }
      return answers;
    };
    const known = await run('caregiver', '127.0.0.4');
    const unknown = await run('nobody-at-all', '127.0.0.5');
    expect(known.map((a) => a.status)).toEqual([401, 401, 401, 401, 429, 429, 429]);
    expect(unknown.map((a) => a.status)).toEqual(known.map((a) => a.status));
    expect(unknown.map((a) => a.page)).toEqual(known.map((a) => a.page));
    expect(known[4]!.page).toContain('Too many sign-in attempts');
    expect(known[4]!.page).not.toMatch(/account is locked/i);
    unknown.forEach((a, i) => expect(Math.abs((a.retryAfter ?? 0) - (known[i]!.retryAfter ?? 0))).toBeLessThanOrEqual(2));
    // A name that is nobody's is counted and logged like any other.
    const logs = await server.database.db.selectFrom('security_logs').select('action').where('user_name', '=', 'nobody-at-all').execute();
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(['LoginFailed', 'LoginLockedOut']));
  });

  it('takes about as long for an unknown name as for a known one', async () => {
    const times = { known: [] as number[], unknown: [] as number[] };
    // A fresh address per attempt, so every attempt checks a password and none is locked out.
    for (let i = 0; i < 20; i++) {
      times.known.push((await attempt(server.url, `127.0.1.${i + 1}`, 'staff', wrong(i))).ms);
      times.unknown.push((await attempt(server.url, `127.0.2.${i + 1}`, 'no-such-staff', wrong(i))).ms);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const [k, u] = [mean(times.known), mean(times.unknown)];
    expect(Math.abs(k - u) / Math.max(k, u)).toBeLessThan(0.2);
  });

  it('follows the ABP lockout settings, with a doubling lockout per further round', async () => {
    await lockout({ maxFailedAccessAttempts: 2, lockoutDuration: 1 });
    try {
      const at = (password: string) => attempt(server.url, '127.0.0.6', 'caregiver', password);
      expect((await at(wrong(1))).status).toBe(401);
      const locked = await at(wrong(2));
      expect(locked.status).toBe(429);
      expect(locked.retryAfter).toBe(1);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await at(wrong(3))).status).toBe(401);
      const again = await at(wrong(4));
      expect(again.status).toBe(429);
      expect(again.retryAfter).toBe(2);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await at(DEMO_PASSWORD)).status).toBe(429);
      await new Promise((r) => setTimeout(r, 1000));
      expect((await at(DEMO_PASSWORD)).status).toBe(303);

      // AllowedForNewUsers off: a name that is nobody's is no longer locked (it stands for a new user).
      await lockout({ maxFailedAccessAttempts: 2, lockoutDuration: 300, allowedForNewUsers: false });
      for (let i = 0; i < 4; i++) expect((await attempt(server.url, '127.0.0.7', 'nobody-new', wrong(i))).status).toBe(401);
    } finally {
      await lockout({ maxFailedAccessAttempts: 5, lockoutDuration: 300 });
    }
  });

  it('against many addresses, the account-wide ceiling asks the owner for a mailed code after the right password', async () => {
    const db = server.database.db;
    const user = await db.selectFrom('users').select(['id', 'email']).where('user_name', '=', 'admin').executeTakeFirstOrThrow();
    await lockout({ maxFailedAccessAttempts: 1, lockoutDuration: 300 });
    try {
      // Ten addresses, one wrong password each: the ceiling (10 x 1).
      for (let i = 1; i <= 10; i++) expect((await attempt(server.url, `127.0.3.${i}`, 'ADMIN', wrong(i))).status).toBe(429);
      // A new address with a wrong password is told "too many" too.
      expect((await attempt(server.url, '127.0.3.11', 'admin', wrong(11))).status).toBe(429);
      // The owner: the right password shows the code page, the mailed code signs in.
      const owner = await attempt(server.url, '127.0.3.12', 'admin', DEMO_PASSWORD);
      expect(owner.status).toBe(200);
      expect(owner.page).toContain('name="code"');
      const mail = await db.selectFrom('mail_outbox').select('text_body').where('to_address', '=', user.email).orderBy('creation_time', 'desc').executeTakeFirstOrThrow();
      const code = /\b(\d{6})\b/.exec(mail.text_body)?.[1];
      expect((await owner.code(code!)).status).toBe(303);
      // An administrator's unlock lifts it all.
      expect((await call(admin, 'PUT', `/api/identity/users/${user.id}/unlock`)).status).toBe(204);
      expect((await attempt(server.url, '127.0.3.1', 'admin', DEMO_PASSWORD)).status).toBe(303);
    } finally {
      await lockout({ maxFailedAccessAttempts: 5, lockoutDuration: 300 });
    }
  });

  it('keeps the counts in the database', async () => {
    const rows = await server.database.db.selectFrom('sign_in_throttle').select('key').execute();
    expect(rows.map((r) => r.key)).toEqual(expect.arrayContaining(['pair:STAFF|127.0.0.2', 'account:STAFF']));
  });
});
