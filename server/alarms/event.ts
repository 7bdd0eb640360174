import type { Db } from '../db/database';
import { isAlarmType, type AlarmType } from '../../common/alarm-kinds';

/**
 * An alarm event. Attributes the texts use: geofenceName (exit, entry), battery (low battery, the
 * level as reported), lastFix (offline, ISO time of the last position), and the place facts the
 * evaluation adds (latitude, longitude, accuracy, distance, bearing, placeZone; server/alarms/place.ts).
 */
export interface AlarmEvent {
  id: string;
  tenantId: string | null;
  deviceId: string;
  deviceName: string;
  type: AlarmType;
  time: Date;
  positionId?: string | null;
  geofenceId?: string | null;
  attributes: Record<string, string | number | boolean | null>;
}

/**
 * Recorded alarm events as renderAlarm takes them (escalation steps, delivery jobs), by id; ids
 * not found, and events that are not alarms (online, a command's answer), are left out.
 */
export async function loadAlarmEvents(db: Db, eventIds: readonly string[]): Promise<Map<string, AlarmEvent>> {
  const ids = [...new Set(eventIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id)))];
  const out = new Map<string, AlarmEvent>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('device_events as e')
    .innerJoin('devices as d', 'd.id', 'e.device_id')
    .select(['e.id', 'e.tenant_id', 'e.device_id', 'd.name', 'e.type', 'e.event_time', 'e.position_id', 'e.geofence_id', 'e.attributes'])
    .where('e.id', 'in', ids)
    .execute();
  for (const row of rows) {
    const type = row.type;
    if (!isAlarmType(type)) continue;
    out.set(row.id, {
      id: row.id,
      tenantId: row.tenant_id,
      deviceId: row.device_id,
      deviceName: row.name,
      type,
      time: new Date(row.event_time),
      positionId: row.position_id,
      geofenceId: row.geofence_id,
      attributes: (row.attributes ?? {}) as AlarmEvent['attributes'],
    });
  }
  return out;
}

/** A recorded alarm event as renderAlarm takes it, or undefined. */
export async function loadAlarmEvent(db: Db, eventId: string): Promise<AlarmEvent | undefined> {
  return (await loadAlarmEvents(db, [eventId])).get(eventId);
}
