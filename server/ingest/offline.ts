import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { recordEvents } from '../alarms/record';
import { notifyDeviceStates } from '../alarms/channels/device-states';
import type { DeliverOptions } from '../alarms/deliver';

/** A device that sent nothing for this long is offline, unless it has a timeout of its own. */
export const DEFAULT_OFFLINE_AFTER_S = 600;
/** How often each node looks for devices that went quiet. */
export const OFFLINE_CHECK_MS = 5_000;

/**
 * Marks devices offline whose last message is older than their timeout, with an offline event to
 * their receivers (a watch whose live connection closed shows offline at once, and is alarmed here
 * once its timeout passed: `offline_pending`). One UPDATE flips them, so when several nodes look at once each device goes
 * offline (and is alarmed) once. Returns how many went offline.
 */
export async function sweepOffline(db: Db, alarms: Partial<DeliverOptions> = {}): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const gone = await sql<{ device_id: string; last_seen: Date; fix_time: Date | null; latitude: number | null; longitude: number | null; accuracy: number | null }>`
      update device_state set online = false, offline_pending = false
      where (online or offline_pending) and last_seen < now() - make_interval(secs => coalesce(offline_after_s, ${DEFAULT_OFFLINE_AFTER_S})::double precision)
      returning device_id, last_seen, fix_time, latitude, longitude, accuracy`.execute(trx);
    if (gone.rows.length === 0) return 0;
    const ids = gone.rows.map((r) => r.device_id);
    const devices = await trx.updateTable('devices').set({ status: 'offline' }).where('id', 'in', ids).returning(['id', 'tenant_id', 'name']).execute();
    // The owners' open dashboards show them offline (live watch cards).
    await notifyDeviceStates(trx, ids);
    const byId = new Map(gone.rows.map((r) => [r.device_id, r]));
    const now = new Date();
    await recordEvents(
      trx,
      devices.map((d) => {
        const s = byId.get(d.id)!;
        // lastFix: since when the alarm says the watch is quiet (its last position, else its last message).
        const lastFix = new Date(s.fix_time ?? s.last_seen).toISOString();
        const accuracy = s.accuracy === null ? null : Math.round(s.accuracy);
        return { id: randomUUID(), tenantId: d.tenant_id, deviceId: d.id, deviceName: d.name, type: 'offline' as const, time: now, attributes: { lastSeen: new Date(s.last_seen).toISOString(), lastFix, latitude: s.latitude, longitude: s.longitude, accuracy } };
      }),
      alarms,
    );
    return devices.length;
  });
}
