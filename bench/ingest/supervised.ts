// BENCH_WORKERS=N: the API as `npm start` runs it, the supervisor (server/cluster) with N API
// workers on one port and one ingest port; the load generator connects to that one port and the
// primary deals the connections out to the workers.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from '../../server/db/tables';
import { PROJECT_ROOT } from '../../server/config';
import { freePort, npmStartCommand } from '../support/from-tests';
import { processCpu, type BenchApi } from './api';

/** The pid of the worker answering /health on a new connection (so each asks the next worker). */
function healthPid(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/health', agent: false, timeout: 2_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(res.statusCode === 200 ? (JSON.parse(body) as { pid: number }).pid : undefined));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(undefined));
  });
}

export async function startSupervised(databaseUrl: string, workers: number): Promise<BenchApi> {
  const [port, ingestPort] = [await freePort(), await freePort()];
  // `npm start`'s command: tsx with the same young generation size.
  const child = spawn(...npmStartCommand(), {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DATABASE_URL: databaseUrl, API_WORKERS: String(workers), PORT: String(port), INGEST_PORT: String(ingestPort), WATCH_PORT: '-1', EVIEW_PORT: '-1', HOST: '127.0.0.1', BUILD_WEB: 'false', LOG_LEVEL: 'warn', SEED_DEMO: 'false' },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // Workers start one after the other; all are up when as many pids have answered.
  const pids = new Set<number>();
  const deadline = Date.now() + 180_000;
  while (pids.size < workers) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the supervisor did not bring up ${workers} workers`);
    const pid = await healthPid(port);
    if (pid) pids.add(pid);
    else await new Promise((r) => setTimeout(r, 200));
  }
  const primary = Number(readFileSync(`/proc/${[...pids][0]}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  const processes = [...[...pids].map((pid, k) => ({ label: `worker ${k + 1}`, pid })), { label: 'supervisor', pid: primary }];
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 4 }) }) });
  let before = processes.map((p) => processCpu(p.pid));
  return {
    name: `API workers ${workers} (supervisor)`,
    db,
    ingestPorts: [ingestPort],
    startCpu() {
      before = processes.map((p) => processCpu(p.pid));
    },
    async cpu() {
      return processes.map((p, k) => {
        const [a, b] = [before[k], processCpu(p.pid)];
        return a && b ? { label: p.label, seconds: b.user + b.kernel - a.user - a.kernel, kernelSeconds: b.kernel - a.kernel } : { label: `${p.label} (gone)`, seconds: 0 };
      });
    },
    async stop() {
      await db.destroy();
      child.kill('SIGTERM');
      await exited;
    },
  };
}
