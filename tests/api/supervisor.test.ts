import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createScratchDatabase, freePort } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { npmStartCommand } from '../support/npm-start';

/** Each case starts workers one after another (seconds each on an idle 2-core machine, far more on a loaded one). */
const START_BUDGET_MS = 180_000;

// `npm start` as it runs in production: the supervisor (server/cluster) and its API workers as
// real processes. A worker is killed with SIGKILL and must be replaced while the others serve.

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLIENTS = 4;
const ADMIN_PASSWORD = 'First-Admin-2026';

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  // Each start has its own process group (detached): the primary and the workers.
  for (const child of children) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  for (const cleanup of cleanups) await cleanup();
});

interface Supervised {
  url: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

async function startSupervised(env: Record<string, string>): Promise<Supervised> {
  const [port, ingestPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  const base = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'API_WORKERS', 'SEED_DEMO', 'WORKERS']) delete base[name];
  const child = spawn(...npmStartCommand(), {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...base, PORT: String(port), INGEST_PORT: String(ingestPort), WATCH_PORT: '-1', EVIEW_PORT: '-1', HOST: '127.0.0.1', PUBLIC_URL: url, BUILD_WEB: 'false', LOG_LEVEL: 'warn', ...env },
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { url, child, output: () => output, exited };
}

/** One GET on a connection of its own, so the primary deals each request to the next worker. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, timeout: 5_000, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
  });
}

/** The pid of the worker that answered /health, or undefined when none did. */
async function healthPid(url: string): Promise<number | undefined> {
  try {
    const res = await get(`${url}/health`);
    return res.status === 200 ? (JSON.parse(res.body) as { pid: number }).pid : undefined;
  } catch {
    return undefined;
  }
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, server: Supervised, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (server.child.exitCode !== null || Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const parentOf = (pid: number) => Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

interface Outcome {
  start: number;
  end: number;
  ok: boolean;
  pid?: number;
}

/** CLIENTS loops of GET /health and GET /api/abp/application-configuration until `load.on` is false. */
function steadyLoad(url: string, outcomes: Outcome[], load: { on: boolean }): Promise<void[]> {
  return Promise.all(
    Array.from({ length: CLIENTS }, async (_, k) => {
      for (let i = k; load.on; i++) {
        const health = i % 2 === 0;
        const start = performance.now();
        try {
          const res = await get(`${url}${health ? '/health' : '/api/abp/application-configuration'}`);
          const pid = health && res.status === 200 ? (JSON.parse(res.body) as { pid: number }).pid : undefined;
          outcomes.push({ start, end: performance.now(), ok: res.status === 200, pid });
        } catch {
          outcomes.push({ start, end: performance.now(), ok: false });
        }
        // Steady, not flat out: the 2 cores also start the replacement.
        await new Promise((r) => setTimeout(r, 10));
      }
    }),
  );
}

describe.runIf(process.env.TEST_DATABASE_URL)('the supervisor on PostgreSQL, two API workers', () => {
  it('replaces a worker killed under load; the other keeps serving; SIGTERM stops all with code 0', async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
    cleanups.push(scratch.drop);
    const server = await startSupervised({ DATABASE_URL: scratch.url, API_WORKERS: '2' });
    // Connections are dealt out round robin: two pids answer once both workers serve.
    const pids = new Set<number>();
    await waitFor('two workers serving', async () => {
      const pid = await healthPid(server.url);
      if (pid) pids.add(pid);
      return pids.size === 2 ? true : undefined;
    }, server);
    const [victim, survivor] = [...pids] as [number, number];
    const primary = parentOf(victim);
    expect(parentOf(survivor)).toBe(primary);

    const outcomes: Outcome[] = [];
    const load = { on: true };
    const loading = steadyLoad(server.url, outcomes, load);
    await new Promise((r) => setTimeout(r, 500));
    const killedAt = performance.now();
    process.kill(victim, 'SIGKILL');
    const replacement = await waitFor('a new worker serving', () => outcomes.find((o) => o.pid !== undefined && !pids.has(o.pid)), server, 20_000);
    await new Promise((r) => setTimeout(r, 500));
    load.on = false;
    await loading;

    // 1 s back-off and a worker's start (about 4 s on an idle 2-core machine, more on a busy one).
    expect(replacement.end - killedAt).toBeLessThan(20_000);
    // Only requests dealt to the dying worker may fail, at most one per client: those in flight on
    // it (reset), and one the primary handed it in the instant before it saw the death (Node's
    // round robin does not track it: here it ends at the client's 5 s timeout). Seen: one.
    const failures = outcomes.filter((o) => !o.ok);
    expect(failures.length).toBeLessThanOrEqual(CLIENTS);
    // The primary sees a death within milliseconds; a second is room for a busy machine.
    expect(failures.filter((f) => f.start > killedAt + 1_000)).toEqual([]);
    // The survivor served everything from then on, until the replacement joined it.
    const gap = outcomes.filter((o) => o.start > killedAt + 1_000 && o.end < replacement.start);
    expect(gap.length).toBeGreaterThan(0);
    expect(gap.every((o) => o.ok)).toBe(true);
    expect(new Set(gap.flatMap((o) => (o.pid ? [o.pid] : [])))).toEqual(new Set([survivor]));
    expect(isRunning(primary)).toBe(true);
    expect(parentOf(replacement.pid!)).toBe(primary);
    expect(server.output()).toMatch(new RegExp(`worker \\d \\(pid ${victim}\\) died with signal SIGKILL; starting a new one in 1 s`));

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect([primary, survivor, replacement.pid!].filter(isRunning)).toEqual([]);
  }, START_BUDGET_MS);
});

describe('the supervisor on the embedded database', () => {
  it('runs one worker, and restarts it on the same data after SIGKILL', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-supervised-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    // The run's migrated database as the data folder: a new cluster would be most of the start.
    const template = inject('pgliteTemplate');
    if (template) await (await PGlite.create(dataDir, { loadDataDir: new Blob([fs.readFileSync(template)]) })).close();

    // No demo data (its seeding was half of the start): the first administrator signs in.
    const server = await startSupervised({ DATA_DIR: dataDir, API_WORKERS: '2', SEED_DEMO: 'false', ADMIN_PASSWORD });
    const first = await waitFor('the worker serving', () => healthPid(server.url), server);
    const primary = parentOf(first);
    expect(server.output()).toContain('API_WORKERS=2 ignored: the embedded database (PGlite) lives in one process');
    // The ready block, printed by the primary from what the worker reported.
    await waitFor('the ready block', () => (server.output().includes("Host administrator 'admin' created from ADMIN_PASSWORD.") ? true : undefined), server, 5_000);
    // Written just before the kill: the sign-in's refresh token.
    const tokens = await tokensFor(server.url, 'admin', ADMIN_PASSWORD);

    process.kill(first, 'SIGKILL');
    const second = await waitFor('a new worker serving', async () => {
      const pid = await healthPid(server.url);
      return pid !== undefined && pid !== first ? pid : undefined;
    }, server, 30_000);
    expect(parentOf(second)).toBe(primary);
    expect(server.output()).toContain(`worker 1 (pid ${first}) died with signal SIGKILL; starting a new one in 1 s`);

    const me = await get(`${server.url}/api/app/user-overviews/current`, { authorization: `Bearer ${tokens.access_token}` });
    expect(me.status).toBe(200);
    const refreshed = await fetch(`${server.url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: 'vigil-web' }).toString(),
    });
    expect(refreshed.status).toBe(200);
    await tokensFor(server.url, 'admin', ADMIN_PASSWORD);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect([primary, second].filter(isRunning)).toEqual([]);
  }, START_BUDGET_MS);
});
