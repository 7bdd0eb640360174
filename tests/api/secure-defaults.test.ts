import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connects, freePort, ownAddress, startServer, type TestServer } from '../support/server';
import { signIn } from '../support/sign-in';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo';
import { guardDemoAccounts } from '../../server/seed/demo-guard';
import { hashPassword } from '../../server/identity/passwords';
import { npmStartCommand } from '../support/npm-start';

// `npm start` as an operator runs it, as real processes: the demo password must never be a way
// into a start that others can reach, and a new install gets a one-time setup link.

const ROOT = path.resolve(import.meta.dirname, '../..');
const NEW_ADMIN = { userName: 'root', email: 'root@example.org', password: 'Chosen-Pass-2026!' };
const children: ChildProcess[] = [];

interface Started {
  url: string;
  port: number;
  output(): string;
}

/** `npm start` with only the harness's settings (port, URL, no web build) and `env`. */
async function npmStart(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const base = { ...process.env };
  for (const name of ['HOST', 'DEMO', 'SEED_DEMO', 'ADMIN_PASSWORD', 'TRUST_PROXY', 'DATABASE_URL', 'DATA_DIR', 'API_WORKERS', 'WORKERS', 'PAYMENTS', 'STRIPE_SECRET_KEY']) delete base[name];
  const child = spawn(...npmStartCommand(), {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...base, PORT: String(port), INGEST_PORT: '-1', WATCH_PORT: '-1', EVIEW_PORT: '-1', PUBLIC_URL: url, DATA_DIR: 'memory://', BUILD_WEB: 'false', LOG_LEVEL: 'warn', ...env },
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 120_000;
  while (!output.includes('Vigil is ready')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not get ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, port, output: () => output };
}

const setup = (url: string, body: Record<string, string>) =>
  fetch(`${url}/api/setup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('secure defaults of npm start', () => {
  let exposed: Started;
  let loopback: Started;
  let demo: Started;
  beforeAll(async () => {
    // Three starts side by side: exposed with no flag, the plain default, exposed with DEMO=true.
    [exposed, loopback, demo] = await Promise.all([npmStart({ HOST: '0.0.0.0', PAYMENTS: 'builtin' }), npmStart({}), npmStart({ HOST: '0.0.0.0', DEMO: 'true' })]);
  }, 180_000);
  afterAll(() => {
    for (const child of children) {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  });

  it('HOST=0.0.0.0 without Stripe keys, PAYMENTS=builtin or DEMO=true does not start, and says why', async () => {
    const port = await freePort();
    const base = { ...process.env };
    for (const name of ['HOST', 'DEMO', 'PAYMENTS', 'STRIPE_SECRET_KEY']) delete base[name];
    const child = spawn(...npmStartCommand(), {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...base, HOST: '0.0.0.0', PORT: String(port), DATA_DIR: 'memory://', BUILD_WEB: 'false', LOG_LEVEL: 'warn' },
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('Vigil does not start: HOST=0.0.0.0 can be reached from other machines');
    expect(output).toContain('Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for real payments, or PAYMENTS=builtin (or DEMO=true)');
    expect(output).not.toContain('Vigil is ready');
    expect(await connects('127.0.0.1', port)).toBe(false);
  });

  it('HOST=0.0.0.0 with no other flag accepts Demo-Pass-2026 for no account', async () => {
    for (const user of Object.values(DEMO_USERS)) {
      const attempt = await signIn(exposed.url, user.userName, DEMO_PASSWORD);
      expect(attempt.tokens, user.userName).toBeUndefined();
      expect(attempt.status).toBe(401);
    }
    expect(exposed.output()).not.toContain(DEMO_PASSWORD);
    const config = (await (await fetch(`${exposed.url}/api/runtime-config`)).json()) as { demo?: boolean };
    expect(config.demo).toBe(false);
  });

  it('the default start listens on loopback only and keeps the one-command demo there', async () => {
    expect(await connects('127.0.0.1', loopback.port)).toBe(true);
    if (ownAddress) {
      expect(await connects(ownAddress, loopback.port)).toBe(false);
      expect(await connects(ownAddress, exposed.port)).toBe(true);
    }
    expect(loopback.output()).toContain(`Demo accounts (password ${DEMO_PASSWORD})`);
    expect((await signIn(loopback.url, 'caregiver', DEMO_PASSWORD)).tokens).toBeDefined();
  });

  it('DEMO=true seeds the demo on a reachable address, says so, and the runtime configuration carries demo', async () => {
    expect(demo.output()).toMatch(/DEMO=true/);
    const config = (await (await fetch(`${demo.url}/api/runtime-config`)).json()) as { demo?: boolean };
    expect(config.demo).toBe(true);
    expect((await signIn(demo.url, 'staff', DEMO_PASSWORD)).tokens).toBeDefined();
  });

  it('a new install prints a one-time setup link; wrong tokens are refused, the right one works once', async () => {
    const link = /(http:\/\/\S+\/setup\?token=([\w-]+))/.exec(exposed.output());
    expect(link, exposed.output()).not.toBeNull();
    const [, setupUrl, token] = link!;
    const form = await fetch(setupUrl!);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain(`value="${token}"`);

    // The attacker: no token, a wrong one, one a character off; each 403 in ABP's shape.
    for (const wrong of ['', 'guess', `${token!.slice(0, -1)}${token!.endsWith('A') ? 'B' : 'A'}`]) {
      const res = await setup(exposed.url, { ...NEW_ADMIN, token: wrong });
      expect(res.status, wrong).toBe(403);
      expect(res.headers.get('_abperrorformat')).toBe('true');
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('Vigil:SetupTokenInvalid');
    }
    const weak = await setup(exposed.url, { ...NEW_ADMIN, password: DEMO_PASSWORD, token: token! });
    expect(weak.status).toBe(400);

    const created = await setup(exposed.url, { ...NEW_ADMIN, token: token! });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ userName: NEW_ADMIN.userName });
    expect((await setup(exposed.url, { ...NEW_ADMIN, userName: 'second', email: 'second@example.org', token: token! })).status).toBe(403);
    expect((await signIn(exposed.url, NEW_ADMIN.userName, NEW_ADMIN.password)).tokens).toBeDefined();

    // Guessing on is cut off per address (the tries above count too).
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await setup(exposed.url, { ...NEW_ADMIN, token: `guess-${i}` })).status);
    expect(statuses).toContain(429);
  });
});

describe('demo accounts in a data folder later served on a reachable address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('', { signInLimit: { perIp: 1000, perLogin: 1000, windowSeconds: 300 } });
  });
  afterAll(async () => server?.stop());

  it('are turned off while they still have the demo password, and on again on loopback', async () => {
    const db = server.database.db;
    // The staff user chose a password of their own: a real account now, left alone.
    await db.updateTable('users').set({ password_hash: await hashPassword('Own-Pass-2026!') }).where('user_name', '=', 'staff').execute();
    expect((await guardDemoAccounts(db, false)).sort()).toEqual(['admin', 'caregiver', 'fjordstaff']);
    expect((await signIn(server.url, 'caregiver', DEMO_PASSWORD)).tokens).toBeUndefined();
    expect((await signIn(server.url, 'staff', 'Own-Pass-2026!')).tokens).toBeDefined();
    expect(await guardDemoAccounts(db, true)).toEqual([]);
    expect((await signIn(server.url, 'caregiver', DEMO_PASSWORD)).tokens).toBeDefined();
  });
});
