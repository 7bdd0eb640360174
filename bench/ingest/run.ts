// `npm run bench:ingest`: OsmAnd positions per second over HTTP with geofence evaluation, next to a
// bulk INSERT of the same rows (the floor), and the time from each confirming fix to its alarm.
// Needs PostgreSQL: TEST_DATABASE_URL or DATABASE_URL (a scratch database is made there and dropped).
// The API: BENCH_NODES nodes started directly (direct.ts), or with BENCH_WORKERS=N `npm start`'s
// supervisor with N workers on one ingest port (supervised.ts).
import { fork } from 'node:child_process';
import os from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { ALARM_CHANNEL } from '../../server/alarms/dispatch';
import { percentile } from '../list/measure';
import { DEVICES, HOME_RADIUS, ROUNDS, ZONES_PER_DEVICE, fixOf, homeOf, imeiOf, isWalker } from './plan';

const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!base) {
  console.error('Set TEST_DATABASE_URL or DATABASE_URL to a PostgreSQL server (a scratch database is created there).');
  process.exit(1);
}
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1000);
/** API nodes sharing the database, each its own process; connections are spread over their ingest ports. */
const NODES = Math.max(1, Number(process.env.BENCH_NODES ?? 1));
/** Set: the API is `npm start`'s supervisor with this many workers on one ingest port (BENCH_NODES is then not used). */
const WORKERS = Number(process.env.BENCH_WORKERS ?? 0);
/** BENCH_STICKY=1: each connection carries its own watches (client.ts); by default any connection sends any watch's next fix. */
const STICKY = flagOn(process.env.BENCH_STICKY);
const METRES_PER_DEGREE = 111_195;
function flagOn(value: string | undefined): boolean {
  return ['1', 'true', 'yes', 'on'].includes((value ?? '').toLowerCase());
}
const now = () => performance.timeOrigin + performance.now();

/** CPU seconds used so far by the local PostgreSQL server's processes (Linux /proc), or null. */
function databaseCpuSeconds(): number | null {
  if (!['localhost', '127.0.0.1', '::1', ''].includes(new URL(base!).hostname)) return null;
  try {
    let ticks = 0;
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue;
      }
      if (!stat.includes('(postgres)')) continue;
      // Fields after the command: utime, stime, and the children's (ended backends, counted by the postmaster).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    }
    return ticks / 100;
  } catch {
    return null;
  }
}

const name = `vigil_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
// Imported when used: the supervised orchestrator does not load the server itself.
const api = WORKERS > 0 ? await (await import('./supervised')).startSupervised(url.toString(), WORKERS) : await (await import('./direct')).startDirect(url.toString(), NODES);
const { db } = api;

try {
  // The fleet: one tenant, one carer owning every watch (every alarm mails and messages them).
  console.log(`Seeding ${DEVICES} devices with ${ZONES_PER_DEVICE} zones each…`);
  const seeded = performance.now();
  const tenantId = randomUUID();
  const userId = randomUUID();
  await db.insertInto('tenants').values({ id: tenantId, name: 'Bench', normalized_name: 'BENCH', concurrency_stamp: randomUUID() }).execute();
  await db
    .insertInto('users')
    .values({ id: userId, tenant_id: tenantId, user_name: 'carer', normalized_user_name: 'CARER', email: 'carer@bench.local', normalized_email: 'CARER@BENCH.LOCAL', password_hash: '-', security_stamp: randomUUID(), concurrency_stamp: randomUUID() })
    .execute();
  const deviceIds: string[] = [];
  for (let from = 0; from < DEVICES; from += 500) {
    const chunk = Array.from({ length: Math.min(500, DEVICES - from) }, (_, k) => from + k);
    const devices = chunk.map((i) => ({ id: randomUUID(), tenant_id: tenantId, owner_user_id: userId, name: `Watch ${i}`, imei: imeiOf(i), model: 'watch4', concurrency_stamp: randomUUID() }));
    deviceIds.push(...devices.map((d) => d.id));
    await db.insertInto('devices').values(devices).execute();
    const zones = chunk.flatMap((i) => {
      const home = homeOf(i);
      const square = (half: number) => JSON.stringify([[-1, -1], [-1, 1], [1, 1], [1, -1]].map(([a, b]) => [home.lat + (a! * half) / METRES_PER_DEGREE, home.lon + (b! * half) / (METRES_PER_DEGREE * 0.57)]));
      // A home circle the walkers leave, larger circles and squares around it they stay inside.
      return Array.from({ length: ZONES_PER_DEVICE }, (_, z) => ({
        id: randomUUID(),
        tenant_id: tenantId,
        name: z === 0 ? 'Home' : `Zone ${z}`,
        shape: z < 8 ? ('circle' as const) : ('polygon' as const),
        center_lat: z < 8 ? home.lat : null,
        center_lon: z < 8 ? home.lon : null,
        radius_m: z < 8 ? (z === 0 ? HOME_RADIUS : 1000 + z * 400) : null,
        points: z < 8 ? null : square(2000 + z * 300),
        concurrency_stamp: randomUUID(),
        device: devices[chunk.indexOf(i)]!.id,
      }));
    });
    await db.insertInto('geofences').values(zones.map(({ device: _device, ...z }) => z)).execute();
    await db.insertInto('geofence_links').values(zones.map((z) => ({ id: randomUUID(), tenant_id: tenantId, geofence_id: z.id, device_id: z.device }))).execute();
  }
  await sql`analyze`.execute(db);
  console.log(`Seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s.`);

  // Alarms as any API node hears them: LISTEN on the alarm channel.
  const listener = new pg.Client({ connectionString: url.toString() });
  await listener.connect();
  const heard = new Map<string, number>();
  listener.on('notification', (msg) => {
    const notice = JSON.parse(msg.payload ?? '{}') as { e?: string };
    if (notice.e && !heard.has(notice.e)) heard.set(notice.e, now());
  });
  await listener.query(`listen ${ALARM_CHANNEL}`);

  api.startCpu();

  const start = Date.now() - ROUNDS * 30_000 - 120_000;
  console.log(`Sending ${DEVICES * ROUNDS} fixes over HTTP with ${CONCURRENCY} requests in flight…`);
  const dbCpuBefore = databaseCpuSeconds();
  const result = await new Promise<{ seconds: number; requests: number; statuses: Record<string, number>; confirmingSent: Record<number, number>; cpuSeconds: number }>((resolve, reject) => {
    const child = fork(new URL('./client.ts', import.meta.url).pathname, [api.ingestPorts.join(','), String(start), String(CONCURRENCY), STICKY ? 'sticky' : 'shared'], { execArgv: process.execArgv });
    child.once('message', (m) => resolve(m as never));
    child.once('error', reject);
    child.once('exit', (code) => code && reject(new Error(`load generator exited with ${code}`)));
  });
  const apiCpu = await api.cpu();
  const dbCpuAfter = databaseCpuSeconds();
  const dbCpu = dbCpuBefore === null || dbCpuAfter === null ? 'n/a (not a local server)' : `${(dbCpuAfter - dbCpuBefore).toFixed(1)} s`;
  const walkers = Array.from({ length: DEVICES }, (_, i) => i).filter(isWalker);
  const deadline = Date.now() + 10_000;
  while (heard.size < walkers.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  await listener.end();

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
  await sql`create table bench_floor (like positions including all)`.execute(db);
  const rows: unknown[][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < DEVICES; i++) {
      const f = fixOf(i, round, start);
      rows.push([randomUUID(), tenantId, deviceIds[i], new Date(Math.floor(f.time / 1000) * 1000), f.lat, f.lon, 12, 1.2, 10, f.accuracy, f.battery, true]);
    }
  }
  const pool = new pg.Pool({ connectionString: url.toString(), max: 3 });
  const COLS = 12;
  const floorStart = performance.now();
  let cursor = 0;
  await Promise.all(
    Array.from({ length: 3 }, async () => {
      while (cursor < rows.length) {
        const batch = rows.slice(cursor, (cursor += 1000));
        const placeholders = batch.map((_, r) => `(${Array.from({ length: COLS }, (_, c) => `$${r * COLS + c + 1}`).join(',')})`).join(',');
        await pool.query(`insert into bench_floor (id, tenant_id, device_id, fix_time, latitude, longitude, altitude, speed, course, accuracy, battery, valid) values ${placeholders} on conflict (device_id, fix_time) do nothing`, batch.flat());
      }
    }),
  );
  const floorRate = rows.length / ((performance.now() - floorStart) / 1000);
  await pool.end();

  const p = (q: number) => (latencies.length ? percentile(latencies, q).toFixed(0) : 'n/a');
  const within = latencies.filter((l) => l <= 1000).length;
  console.log(
    [
      '',
      `${api.name}, ${STICKY ? 'each watch on one connection' : 'any connection sends any watch'}, devices ${DEVICES}, zones per device ${ZONES_PER_DEVICE}, fixes ${result.requests}, HTTP statuses ${JSON.stringify(result.statuses)}`,
      `HTTP ingest with evaluation: ${stored} positions in ${result.seconds.toFixed(2)} s = ${httpRate.toFixed(0)} positions/s`,
      `CPU during HTTP (${result.seconds.toFixed(1)} s on ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}): API ${apiCpu.map((c) => `${c.label} ${c.seconds.toFixed(1)} s${c.kernelSeconds === undefined ? '' : ` (${c.kernelSeconds.toFixed(1)} s kernel)`}`).join(' + ')}, load generator ${result.cpuSeconds.toFixed(1)} s, PostgreSQL ${dbCpu}`,
      `Bulk INSERT floor:           ${rows.length} rows = ${floorRate.toFixed(0)} rows/s`,
      `Ratio HTTP / floor:          ${(httpRate / floorRate).toFixed(2)}`,
      `Alarms: ${exits.length} exits for ${walkers.length} walkers; confirming fix -> alarm heard: p50 ${p(50)} ms, p95 ${p(95)} ms, max ${p(100)} ms; within 1 s: ${within}/${latencies.length}`,
      '',
    ].join('\n'),
  );
} finally {
  await api.stop();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
