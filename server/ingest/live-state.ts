import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Battery and last contact as the ingest last stored them. device_state is exact on every
 * message; the devices columns, indexed for the back office's lists, follow at most once a minute
 * (rewriting an indexed row on every fix was the ingest's costliest write). Screens a carer or
 * support watches read through these.
 */

/** For a query joining `device_state as s` to `devices`: battery_level and last_contact, live. */
export const liveColumns = [
  sql<number | null>`coalesce(s.battery, devices.battery_level)`.as('battery_level'),
  sql<Date | null>`coalesce(s.last_seen, devices.last_contact)`.as('last_contact'),
] as const;

/** Rows read from devices with battery_level and last_contact replaced by the live values, and whether each charges. */
export async function withLiveState<Row extends { id: string; battery_level: number | null; last_contact: Date | string | null }>(db: Db, rows: Row[]): Promise<(Row & { charging: boolean })[]> {
  if (rows.length === 0) return [];
  const live = await db.selectFrom('device_state').select(['device_id', 'battery', 'last_seen', 'charging']).where('device_id', 'in', rows.map((r) => r.id)).execute();
  const byId = new Map(live.map((s) => [s.device_id, s]));
  return rows.map((r) => {
    const s = byId.get(r.id);
    return s ? { ...r, battery_level: s.battery ?? r.battery_level, last_contact: s.last_seen ?? r.last_contact, charging: s.charging ?? false } : { ...r, charging: false };
  });
}
