// `npm run drill:restart`: the operator's drill. `npm start` on a PostgreSQL cluster of the drill's
// own (initdb and pg_ctl from the machine's PostgreSQL; never the server on 5432), watches
// reporting at DRILL_RATE messages/s (default 250) over the ingest port, and the cluster restarted
// with `pg_ctl restart -m fast` and then `-m immediate` in the middle. Prints what was sent,
// acknowledged and stored, the answers, how long each recovery took, and whether Vigil survived.
import { spawn } from 'node:child_process';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../server/db/tables';
import { PrivatePostgres } from '../tests/support/private-postgres';
import { freePort } from '../tests/support/server';
import { byStatus, lostPositions, seedFleet, startLoad, waitUntil } from '../tests/support/fault-load';
import { signIn } from '../tests/support/sign-in';

const RATE = Number(process.env.DRILL_RATE ?? 250);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const cluster = await PrivatePostgres.create();
await cluster.start();
const port = await freePort();
const ingestPort = await freePort();
const base = `http://127.0.0.1:${port}`;
const vigil = spawn('npm', ['start'], {
  env: { ...process.env, DATABASE_URL: cluster.url, SEED_DEMO: 'true', PORT: String(port), PUBLIC_URL: base, INGEST_PORT: String(ingestPort), WATCH_PORT: '-1', EVIEW_PORT: '-1', HOST: '127.0.0.1', LOG_LEVEL: 'warn', BUILD_WEB: 'false' },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});
let exited: number | null | undefined;
vigil.on('exit', (code) => (exited = code));
// The drill's own connections die with each restart too: handled, as Vigil's are.
const pool = new pg.Pool({ connectionString: cluster.url, max: 2 });
pool.on('error', () => undefined);
pool.on('connect', (client) => client.on('error', () => undefined));
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
try {
  const ready = async () => ((await (await fetch(`${base}/health`)).json()) as { status: string }).status === 'ready';
  await waitUntil(ready, 120_000, 250);
  const fleet = await seedFleet(db, 300);
  const { tokens } = await signIn(base, 'caregiver', 'Demo-Pass-2026');
  console.log(`Sending ${RATE} messages/s from ${fleet.devices.length} watches; restarting PostgreSQL fast, then immediate…`);
  const load = startLoad({ ingestUrl: `http://127.0.0.1:${ingestPort}`, apiUrl: base, apiPath: '/api/app/tracking/alarms', token: tokens!.access_token, fleet, rate: RATE, apiClients: 4 });
  const recoveries: string[] = [];
  for (const mode of ['fast', 'immediate'] as const) {
    await sleep(4000);
    const began = Date.now();
    await cluster.restart(mode);
    const back = Date.now();
    const ms = await waitUntil(ready, 30_000);
    recoveries.push(`-m ${mode}: PostgreSQL away ${back - began} ms, Vigil ready ${ms} ms after it was back`);
  }
  await sleep(4000);
  const report = await load.stop();
  const acknowledged = [...report.acknowledged.values()].reduce((n, l) => n + l.length, 0);
  const ids = fleet.devices.map((d) => d.id);
  const stored = Number((await db.selectFrom('positions').select((eb) => eb.fn.countAll<string>().as('n')).where('device_id', 'in', ids).executeTakeFirstOrThrow()).n);
  const lost = await lostPositions(db, report.acknowledged);
  console.log(recoveries.join('\n'));
  console.log(`sent ${report.sent}, acknowledged ${acknowledged}, stored ${stored}, acknowledged but lost ${lost}`);
  console.log(`ingest answers ${JSON.stringify(byStatus(report.ingest))}; API answers ${JSON.stringify(byStatus(report.api))}`);
  console.log(`Vigil ${exited === undefined ? 'kept running' : `exited with ${exited}`}`);
  process.exitCode = lost === 0 && exited === undefined ? 0 : 1;
} finally {
  await db.destroy();
  if (vigil.pid) {
    try {
      process.kill(-vigil.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await sleep(2000);
  await cluster.destroy();
}
