import { sql } from 'kysely';
import type { Db } from '../db/database';
import { DAY_MS, HISTORY_TABLES, isHistoryClass, widthDays, AHEAD_DAYS, type HistoryClass, type HistoryTable } from './classes';
import { ensureRanges } from './partitions';

const COLUMNS: Record<HistoryTable, string[]> = {
  positions: ['id', 'tenant_id', 'device_id', 'fix_time', 'server_time', 'latitude', 'longitude', 'altitude', 'speed', 'course', 'accuracy', 'battery', 'valid', 'attributes'],
  device_events: ['id', 'tenant_id', 'device_id', 'type', 'event_time', 'position_id', 'geofence_id', 'attributes', 'creation_time'],
};
const CONFLICT: Record<HistoryTable, string> = { positions: '(device_id, fix_time, keep_days)', device_events: '(id, event_time, keep_days)' };

/**
 * Moves one device's history into a class: one statement per table (a delete whose rows are
 * inserted again), so the history is never half-moved. Rows older than the new class are not put
 * back: the shorter period applies from now. A replay stored in both classes is kept once.
 */
async function moveDevice(trx: Db, deviceId: string, days: HistoryClass, now: Date): Promise<number> {
  let moved = 0;
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  for (const [table, time] of Object.entries(HISTORY_TABLES) as [HistoryTable, string][]) {
    const cols = sql.raw(COLUMNS[table].join(', '));
    const result = await sql`
      with gone as (delete from ${sql.table(table)} where device_id = ${deviceId} and keep_days <> ${days} returning *)
      insert into ${sql.table(table)} (${cols}, keep_days) select ${cols}, ${days} from gone where ${sql.ref(time)} >= ${cutoff}
      on conflict ${sql.raw(CONFLICT[table])} do nothing`.execute(trx);
    moved += Number(result.numAffectedRows ?? 0);
  }
  return moved;
}

/** A tenant (null: the host's own devices) whose history waits to be moved into its class. */
interface Pending {
  tenantId: string | null;
  days: HistoryClass;
}

async function pendingTenants(db: Db): Promise<{ tenants: Pending[]; host: HistoryClass | null }> {
  const rows = await db.selectFrom('tenant_retention').select(['tenant_id', 'history_days']).where('pending', '=', true).execute();
  const host = await db.selectFrom('retention_host').select(['default_days', 'pending']).executeTakeFirstOrThrow();
  const tenants = rows.filter((r) => isHistoryClass(r.history_days)).map((r) => ({ tenantId: r.tenant_id, days: r.history_days as HistoryClass }));
  return { tenants, host: host.pending && isHistoryClass(host.default_days) ? host.default_days : null };
}

/**
 * Moves the history of tenants whose class changed (their own setting, or the host's default for
 * those without one) into that class, device by device, each in its own short transaction. Runs
 * before any range is dropped, so a lengthened period never loses what it now keeps.
 */
export async function reclassify(db: Db, now = new Date()): Promise<{ devices: number; rows: number }> {
  const { tenants, host } = await pendingTenants(db);
  let devices = 0;
  let rows = 0;
  const moveAll = async (days: HistoryClass, ids: string[]) => {
    await ensureRanges(db, 'positions', days, new Date(now.getTime() - (days + widthDays(days)) * DAY_MS), new Date(now.getTime() + AHEAD_DAYS * DAY_MS));
    await ensureRanges(db, 'device_events', days, new Date(now.getTime() - (days + widthDays(days)) * DAY_MS), new Date(now.getTime() + AHEAD_DAYS * DAY_MS));
    for (const id of ids) {
      rows += await db.transaction().execute((trx) => moveDevice(trx, id, days, now));
      devices += 1;
    }
  };
  for (const t of tenants) {
    const ids = (await db.selectFrom('devices').select('id').where('tenant_id', '=', t.tenantId).execute()).map((d) => d.id);
    await moveAll(t.days, ids);
    // Done unless the tenant chose again meanwhile (then the next run moves to the newer choice).
    await db.updateTable('tenant_retention').set({ pending: false }).where('tenant_id', '=', t.tenantId!).where('history_days', '=', t.days).execute();
  }
  if (host !== null) {
    const ids = (
      await db
        .selectFrom('devices')
        .select('id')
        .where((eb) => eb.or([eb('tenant_id', 'is', null), eb('tenant_id', 'not in', eb.selectFrom('tenant_retention').select('tenant_id'))]))
        .execute()
    ).map((d) => d.id);
    await moveAll(host, ids);
    await db.updateTable('retention_host').set({ pending: false }).where('default_days', '=', host).execute();
  }
  return { devices, rows };
}
