// `npm run bench:ingest`: OsmAnd positions per second over HTTP with geofence evaluation, next to a
// bulk INSERT of the same rows (the floor), and the time from each confirming fix to its alarm.
// Needs PostgreSQL: TEST_DATABASE_URL or DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test
// (bench/support/database.ts; a scratch database is made there and dropped).
// The API: BENCH_NODES nodes started directly (direct.ts), or with BENCH_WORKERS=N `npm start`'s
// supervisor with N workers on one ingest port (supervised.ts).
import os from 'node:os';
import { percentile } from '../support/measure';
import { BENCH_DATABASE_URL } from '../support/database';
import { createScratchDatabase } from '../support/from-tests';
import { DEVICES, ROUNDS, ZONES_PER_DEVICE, isWalker } from './plan';
import { bulkInsertFloor, databaseCpuSeconds, listenAlarms, runLoad, seedFleet } from './fleet';

const base = BENCH_DATABASE_URL;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1000);
/** API nodes sharing the database, each its own process; connections are spread over their ingest ports. */
const NODES = Math.max(1, Number(process.env.BENCH_NODES ?? 1));
/** Set: the API is `npm start`'s supervisor with this many workers on one ingest port (BENCH_NODES is then not used). */
const WORKERS = Number(process.env.BENCH_WORKERS ?? 0);
/** BENCH_STICKY=1: each connection carries its own watches (client.ts); by default any connection sends any watch's next fix. */
const STICKY = flagOn(process.env.BENCH_STICKY);
function flagOn(value: string | undefined): boolean {
  return ['1', 'true', 'yes', 'on'].includes((value ?? '').toLowerCase());
}

const scratch = await createScratchDatabase(base);
const url = scratch.url;
// Imported when used: the supervised orchestrator does not load the server itself.
const api = WORKERS > 0 ? await (await import('./supervised')).startSupervised(url, WORKERS) : await (await import('./direct')).startDirect(url, NODES);
const { db } = api;

try {
  // The fleet: one tenant, one carer owning every watch (every alarm mails and messages them).
  console.log(`Seeding ${DEVICES} devices with ${ZONES_PER_DEVICE} zones each…`);
  const seeded = performance.now();
  const fleet = await seedFleet(db);
  const { deviceIds } = fleet;
  console.log(`Seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s.`);

  // Alarms as any API node hears them: LISTEN on the alarm channel.
  const alarms = await listenAlarms(url);
  const { heard } = alarms;

  api.startCpu();

  const start = Date.now() - ROUNDS * 30_000 - 120_000;
  console.log(`Sending ${DEVICES * ROUNDS} fixes over HTTP with ${CONCURRENCY} requests in flight…`);
  const dbCpuBefore = databaseCpuSeconds(base);
  const result = await runLoad(api.ingestPorts, start, CONCURRENCY, STICKY);
  const apiCpu = await api.cpu();
  const dbCpuAfter = databaseCpuSeconds(base);
  const dbCpu = dbCpuBefore === null || dbCpuAfter === null ? 'n/a (not a local server)' : `${(dbCpuAfter - dbCpuBefore).toFixed(1)} s`;
  const walkers = Array.from({ length: DEVICES }, (_, i) => i).filter(isWalker);
  const deadline = Date.now() + 10_000;
  while (heard.size < walkers.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  await alarms.stop();

  const stored = Number((await db.selectFrom('positions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const httpRate = stored / result.seconds;

  // Alarm latency: confirming fix sent -> notification heard, per exit event.
  const exits = await db.selectFrom('device_events').select(['id', 'device_id']).where('type', '=', 'geofenceExit').execute();
  const indexOf = new Map(deviceIds.map((id, i) => [id, i]));
  const latencies = exits.flatMap((e) => {
    const sent = result.confirmingSent[indexOf.get(e.device_id)!];
    const got = heard.get(e.id);
    return sent !== undefined && got !== undefined ? [got - sent] : [];
  });

  // The floor: the same rows in one multi-row INSERT per 1000, three at a time, into a copy of the table.
  const floor = await bulkInsertFloor(db, url, fleet, start);
  const floorRate = floor.rate;

  const p = (q: number) => (latencies.length ? percentile(latencies, q).toFixed(0) : 'n/a');
  const within = latencies.filter((l) => l <= 1000).length;
  console.log(
    [
      '',
      `${api.name}, ${STICKY ? 'each watch on one connection' : 'any connection sends any watch'}, devices ${DEVICES}, zones per device ${ZONES_PER_DEVICE}, fixes ${result.requests}, HTTP statuses ${JSON.stringify(result.statuses)}`,
      `HTTP ingest with evaluation: ${stored} positions in ${result.seconds.toFixed(2)} s = ${httpRate.toFixed(0)} positions/s`,
      `CPU during HTTP (${result.seconds.toFixed(1)} s on ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}): API ${apiCpu.map((c) => `${c.label} ${c.seconds.toFixed(1)} s${c.kernelSeconds === undefined ? '' : ` (${c.kernelSeconds.toFixed(1)} s kernel)`}`).join(' + ')}, load generator ${result.cpuSeconds.toFixed(1)} s, PostgreSQL ${dbCpu}`,
      `Bulk INSERT floor:           ${floor.rows} rows = ${floorRate.toFixed(0)} rows/s`,
      `Ratio HTTP / floor:          ${(httpRate / floorRate).toFixed(2)}`,
      `Alarms: ${exits.length} exits for ${walkers.length} walkers; confirming fix -> alarm heard: p50 ${p(50)} ms, p95 ${p(95)} ms, max ${p(100)} ms; within 1 s: ${within}/${latencies.length}`,
      '',
    ].join('\n'),
  );
} finally {
  await api.stop();
  await scratch.drop();
}
