import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/database';
import { insertPositions, type PositionRow } from '../../server/ingest/batch-writes';
import { databaseMigratedTo } from '../support/migrated-to';
import { DATABASES } from '../support/server';

const DAY = 86_400_000;
const NOW = Date.now();

/**
 * The migration to partitioned history on a copy with data: every position and event moves, in
 * its range (or the class's default when older than the host's maximum), with nothing lost or
 * doubled, and a replay of a moved fix is still dropped.
 */
describe.each(DATABASES)('the partitioned history migration ($name)', ({ url }) => {
  const opened: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of opened) await close();
  });

  it('moves an existing history into partitions, whole', async () => {
    const { db, close } = await databaseMigratedTo(url, '027_retention_indexes');
    opened.push(close);
    const tenantId = randomUUID();
    await sql`insert into tenants (id, name, normalized_name, concurrency_stamp) values (${tenantId}, 'Old Care', 'OLD CARE', 'x')`.execute(db);
    const deviceId = randomUUID();
    await sql`insert into devices (id, tenant_id, name, imei, concurrency_stamp) values (${deviceId}, ${tenantId}, 'Old watch', '356938035640001', 'x')`.execute(db);
    // 120 days at one fix an hour, and one fix three years old (a clock gone wrong).
    const times = [...Array.from({ length: 120 * 24 }, (_, i) => NOW - i * 3_600_000), NOW - 3 * 365 * DAY];
    const values = times.map((t) => sql`(${randomUUID()}, ${tenantId}, ${deviceId}, ${new Date(t)}, 55.6, 12.5, 80)`);
    for (let i = 0; i < values.length; i += 500) {
      await sql`insert into positions (id, tenant_id, device_id, fix_time, latitude, longitude, battery) values ${sql.join(values.slice(i, i + 500))}`.execute(db);
    }
    const events = Array.from({ length: 40 }, (_, i) => sql`(${randomUUID()}, ${tenantId}, ${deviceId}, 'sos', ${new Date(NOW - i * 3 * DAY)})`);
    await sql`insert into device_events (id, tenant_id, device_id, type, event_time) values ${sql.join(events)}`.execute(db);
    const sumBefore = (await sql<{ s: string }>`select sum(extract(epoch from fix_time))::text as s from positions`.execute(db)).rows[0]!.s;

    await migrate(db);

    const count = async (table: string) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);
    expect(await count('positions')).toBe(times.length);
    expect(await count('device_events')).toBe(40);
    expect((await sql<{ s: string }>`select sum(extract(epoch from fix_time))::text as s from positions`.execute(db)).rows[0]!.s).toBe(sumBefore);
    const classes = await sql<{ k: number; n: string }>`select keep_days as k, count(*) as n from positions group by keep_days`.execute(db);
    expect(classes.rows.map((r) => Number(r.k))).toEqual([90]);
    // The three-year-old fix is past the host's maximum: the class's default holds it for retention to remove.
    expect(Number((await sql<{ n: string }>`select count(*) as n from positions_k90_default`.execute(db)).rows[0]!.n)).toBe(1);
    const parts = await sql<{ part: string; n: string }>`select tableoid::regclass::text as part, count(*) as n from positions group by 1`.execute(db);
    expect(parts.rows.length).toBeGreaterThan(30);
    const keys = await sql<{ name: string }>`select indexname as name from pg_indexes where tablename in ('positions', 'device_events')`.execute(db);
    expect(keys.rows.map((r) => r.name)).toEqual(expect.arrayContaining(['positions_device_fix_uq', 'device_events_pkey', 'device_events_device_idx', 'device_events_tenant_idx']));

    // A replay of a moved fix is dropped; a new one is stored in its tenant's class.
    const row = (t: number): PositionRow => ({ id: randomUUID(), tenant_id: tenantId, device_id: deviceId, fix_time: new Date(t), latitude: 1, longitude: 1, altitude: null, speed: null, course: null, accuracy: null, battery: null, valid: true, attributes: null });
    const stored = await insertPositions(db, [row(times[5]!), row(NOW + 1000)]);
    expect(stored.size).toBe(1);
    expect(await count('positions')).toBe(times.length + 1);
  });
});
