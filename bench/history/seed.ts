// The history bench's data: one tenant with its watches, a staff user and a carer, and the
// history itself written straight into the partitioned tables in set-based SQL.
import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database';
import { POLICIES } from '../../common/policies';
import { DAY_MS, HISTORY_DEFAULT_DAYS } from '../../server/history/classes';
import { ensureRanges } from '../../server/history/partitions';
import { createTenantUser } from '../support/from-tests';

/** Minutes between two fixes of a watch in the loaded history. */
export const FIX_MINUTES = 5;
export const EVENT_TYPES = ['geofenceExit', 'geofenceEnter', 'lowBattery', 'sos', 'offline'] as const;

export interface Fleet {
  tenantId: string;
  /** Device ids by index; the index is the IMEI's number (bench/ingest/plan.ts imeiOf). */
  deviceIds: string[];
  staff: { userName: string; password: string };
  carer: { userName: string; password: string };
  /** The one watch the carer owns (index 0). */
  carersWatch: string;
}

/**
 * A tenant of `devices` watches (IMEIs as bench/ingest/plan.ts makes them, so its load generator
 * can send for them), a staff user (Vigil.Devices: every watch of the tenant) and a carer
 * (Vigil.Dashboard) owning watch 0.
 */
export async function seedFleet(db: Db, devices: number): Promise<Fleet> {
  const staff = await createTenantUser(db, { tenant: 'History Bench', userName: 'bench-staff', role: 'bench-staff', policies: [POLICIES.devices] });
  const tenantId = staff.tenantId!;
  const carer = await createTenantUser(db, { tenantId, userName: 'bench-carer', role: 'bench-carer', policies: [POLICIES.dashboard] });
  const { rows } = await sql<{ id: string }>`
    insert into devices (id, tenant_id, owner_user_id, name, imei, model, concurrency_stamp)
    select gen_random_uuid(), ${tenantId}::uuid, case when g = 0 then ${carer.userId}::uuid end, 'Watch ' || g,
           '86' || lpad(g::text, 13, '0'), 'watch4', gen_random_uuid()::text
    from generate_series(0, ${devices - 1}::int) g order by g
    returning id`.execute(db);
  await sql`analyze devices`.execute(db);
  return { tenantId, deviceIds: rows.map((r) => r.id), staff, carer, carersWatch: rows[0]!.id };
}

/**
 * The days of history loaded, as day numbers back from `end` (0: the day just before it): the
 * last `days` days, plus the `expired` days right before the host class's cutoff, which a
 * retention run at `end` finds past their class. At the full scale (90 days) that is one
 * unbroken span of 94 days, the steady state of a daily retention run.
 */
export function historyDays(days: number, expired: number): number[] {
  const set = new Set<number>();
  for (let k = 0; k < days; k++) set.add(k);
  for (let k = HISTORY_DEFAULT_DAYS; k < HISTORY_DEFAULT_DAYS + expired; k++) set.add(k);
  return [...set].sort((a, b) => a - b);
}

/** The host class's time ranges over [from, to), so no loaded row lands in the default partition. */
export async function makeRanges(db: Db, from: Date, to: Date): Promise<number> {
  let made = 0;
  for (const table of ['positions', 'device_events'] as const) made += (await ensureRanges(db, table, HISTORY_DEFAULT_DAYS, from, to, 60_000)).length;
  return made;
}

/**
 * Loads day `k` back from `end` for the first `watches` watches: a fix every FIX_MINUTES minutes
 * each, written in time order and, within a time, watch by watch, as ingest writes them (so one
 * watch's day is spread over the heap as in production, not packed on a few pages); and one event
 * per watch at a random time of the day. Straight into `positions` (keep_days, the host's class).
 */
async function loadDay(client: pg.Client, tenantId: string, watches: number, end: Date, k: number): Promise<number> {
  const to = new Date(end.getTime() - k * DAY_MS);
  const from = new Date(to.getTime() - DAY_MS);
  // Home around Copenhagen as plan.ts homeOf; wandering a few hundred metres; battery drains over the day.
  const positions = await client.query(
    `insert into positions (id, tenant_id, device_id, fix_time, server_time, latitude, longitude, altitude, speed, course, accuracy, battery, valid, attributes, keep_days)
     select gen_random_uuid(), $1::uuid, d.id, t, t + interval '2 seconds',
            55.45 + ((d.n * 7919) % 1000) / 1000.0 * 0.45 + (random() - 0.5) * 0.005,
            12.2 + ((d.n * 104729) % 1000) / 1000.0 * 0.8 + (random() - 0.5) * 0.009,
            12, (random() * 1.5)::real, (random() * 360)::real, (5 + random() * 25)::real,
            (100 - extract(hour from t) * 3)::real, true, null, $5::smallint
     from generate_series($2::timestamptz, $3::timestamptz - interval '1 second', interval '${FIX_MINUTES} minutes') t
     cross join (select id, row_number() over (order by imei) - 1 as n from devices where tenant_id = $1 order by imei limit $4) d
     order by t, d.n`,
    [tenantId, from, to, watches, HISTORY_DEFAULT_DAYS],
  );
  await client.query(
    `insert into device_events (id, tenant_id, device_id, type, event_time, attributes, creation_time, keep_days)
     select gen_random_uuid(), $1::uuid, d.id, (array['${EVENT_TYPES.join("','")}'])[1 + floor(random() * ${EVENT_TYPES.length})::int],
            e, '{}'::jsonb, e + interval '1 second', $5::smallint
     from (select id, $2::timestamptz + random() * ($3::timestamptz - $2::timestamptz - interval '2 seconds') as e
           from devices where tenant_id = $1 order by imei limit $4) d
     order by e`,
    [tenantId, from, to, watches, HISTORY_DEFAULT_DAYS],
  );
  return positions.rowCount ?? 0;
}

/**
 * Loads the given days on `parallel` connections (a day each at a time, different days fall in
 * different ranges most of the time), then VACUUM ANALYZE: statistics for the planner, hint
 * bits and the visibility map set, so neither autovacuum nor the first reads rewrite the pages
 * in the middle of a measurement. Returns the positions written.
 */
export async function loadHistory(databaseUrl: string, tenantId: string, watches: number, end: Date, days: number[], parallel: number, progress: (done: number, rows: number) => void): Promise<number> {
  const queue = [...days];
  let rows = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, days.length) }, async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query('set synchronous_commit = off');
        // Each day's rows are sorted by time and watch in memory, not on disk.
        await client.query('set work_mem = \'256MB\'');
        for (let k = queue.shift(); k !== undefined; k = queue.shift()) {
          // Not `rows += await …`: that reads `rows` before the wait and loses the other connection's rows.
          const added = await loadDay(client, tenantId, watches, end, k);
          rows += added;
          progress(++done, rows);
        }
      } finally {
        await client.end();
      }
    }),
  );
  return rows;
}

/**
 * VACUUM ANALYZE of the history (and devices), on a connection of its own with more memory, then a
 * CHECKPOINT (as pgbench does before each run): the load's gigabytes of WAL are flushed now, not by
 * a background checkpoint in the middle of the next measurement.
 */
export async function vacuumHistory(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('set maintenance_work_mem = \'512MB\'');
    await client.query('vacuum (analyze) positions, device_events, devices, device_state');
    // Needs a superuser or pg_checkpoint; without it the background checkpoint comes when it comes.
    await client.query('checkpoint').catch((err: Error) => console.log(`  (no CHECKPOINT after the load: ${err.message})`));
  } finally {
    await client.end();
  }
}
