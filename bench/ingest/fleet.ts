// The parts of the ingest bench other benches build on (bench/alarms): the seeded fleet, the load
// generator run, the alarm listener, the bulk INSERT floor and PostgreSQL's CPU.
import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database';
import { ALARM_CHANNEL } from '../../server/alarms/channels/live';
import { DEVICES, HOME_RADIUS, ROUNDS, ZONES_PER_DEVICE, fixOf, homeOf, imeiOf } from './plan';

const METRES_PER_DEGREE = 111_195;
/** Wall clock in ms with a fraction, comparable across the bench's processes. */
export const now = () => performance.timeOrigin + performance.now();

/** CPU seconds used so far by the local PostgreSQL server's processes (Linux /proc), or null. */
export function databaseCpuSeconds(base: string): number | null {
  if (!['localhost', '127.0.0.1', '::1', ''].includes(new URL(base).hostname)) return null;
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

export interface Fleet {
  tenantId: string;
  /** The carer who owns every watch. */
  userId: string;
  /** Device ids by device index (plan.ts). */
  deviceIds: string[];
}

/** The fleet: one tenant, one carer owning every watch (every alarm mails and messages them), the zones of plan.ts. */
export async function seedFleet(db: Db): Promise<Fleet> {
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
  return { tenantId, userId, deviceIds };
}

/** Alarms as any API node hears them: LISTEN on the alarm channel; the time each event was first heard. */
export async function listenAlarms(databaseUrl: string): Promise<{ heard: Map<string, number>; stop(): Promise<void> }> {
  const listener = new pg.Client({ connectionString: databaseUrl });
  await listener.connect();
  const heard = new Map<string, number>();
  listener.on('notification', (msg) => {
    const notice = JSON.parse(msg.payload ?? '{}') as { e?: string };
    if (notice.e && !heard.has(notice.e)) heard.set(notice.e, now());
  });
  await listener.query(`listen ${ALARM_CHANNEL}`);
  return { heard, stop: () => listener.end() };
}

/** What the load generator (client.ts) reports. */
export interface LoadResult {
  seconds: number;
  requests: number;
  statuses: Record<string, number>;
  /** When each walker's confirming fix was sent (wall clock ms), by device index. */
  confirmingSent: Record<number, number>;
  cpuSeconds: number;
}

/** Runs the load generator (its own process) against the ingest ports: every round of plan.ts. */
export function runLoad(ports: readonly number[], start: number, concurrency: number, sticky: boolean): Promise<LoadResult> {
  return new Promise<LoadResult>((resolve, reject) => {
    const child = fork(new URL('./client.ts', import.meta.url).pathname, [ports.join(','), String(start), String(concurrency), sticky ? 'sticky' : 'shared'], { execArgv: process.execArgv });
    child.once('message', (m) => resolve(m as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => code && reject(new Error(`load generator exited with ${code}`)));
  });
}

/** The floor: the load's rows in one multi-row INSERT per 1000, three at a time, into a copy of the positions table. */
export async function bulkInsertFloor(db: Db, databaseUrl: string, fleet: Fleet, start: number): Promise<{ rows: number; rate: number }> {
  await sql`create table bench_floor (like positions including all)`.execute(db);
  const rows: unknown[][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < DEVICES; i++) {
      const f = fixOf(i, round, start);
      rows.push([randomUUID(), fleet.tenantId, fleet.deviceIds[i], new Date(Math.floor(f.time / 1000) * 1000), f.lat, f.lon, 12, 1.2, 10, f.accuracy, f.battery, true]);
    }
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  const COLS = 12;
  const floorStart = performance.now();
  let cursor = 0;
  await Promise.all(
    Array.from({ length: 3 }, async () => {
      while (cursor < rows.length) {
        const batch = rows.slice(cursor, (cursor += 1000));
        const placeholders = batch.map((_, r) => `(${Array.from({ length: COLS }, (_, c) => `$${r * COLS + c + 1}`).join(',')})`).join(',');
        await pool.query(`insert into bench_floor (id, tenant_id, device_id, fix_time, latitude, longitude, altitude, speed, course, accuracy, battery, valid) values ${placeholders} on conflict (device_id, fix_time, keep_days) do nothing`, batch.flat());
      }
    }),
  );
  const rate = rows.length / ((performance.now() - floorStart) / 1000);
  await pool.end();
  return { rows: rows.length, rate };
}
