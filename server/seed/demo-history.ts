import { sql } from 'kysely';
import type { Db } from '../db/database';
import { unnest } from '../db/unnest';
import { DEFAULT_LOW_BATTERY_THRESHOLD, evaluateBattery, evaluateZones } from '../alarms/evaluate';
import type { ZoneState } from '../alarms/evaluate';
import { POSITION_COLUMNS, type PositionRow } from '../ingest/batch-writes';
import { keepDaysOf } from '../history/keep-days';
import { zonesJson } from '../ingest/device-states';
import { DEFAULT_OFFLINE_AFTER_S } from '../ingest/offline';
import type { DemoTenantContext } from './demo-accounts';
import type { DemoWatch } from './demo-care';
import { offset } from './demo-care';
import { demoId, seededRandom } from './demo-ids';

/** One fix every ten minutes for the last seven days. */
export const HISTORY_STEP_MS = 10 * 60_000;
export const HISTORY_DAYS = 7;
/** The last fix is this long before the seed: the watches were taken off and went offline since. */
const QUIET_MS = 30 * 60_000;
const HOUR_MS = 3600_000;

interface EventRow {
  id: string;
  tenant_id: string;
  device_id: string;
  type: string;
  event_time: Date;
  position_id: string | null;
  geofence_id: string | null;
  attributes: string;
}

/** The hour of day in Copenhagen, near enough for a day's rhythm (UTC+1). */
const localHour = (t: number) => (new Date(t).getUTCHours() + 1) % 24;

/**
 * A week of positions, battery readings and events for each watch, as the ingest would have
 * written them: a seeded walk (same watch name, same week) that stays home at night, goes for a
 * walk most days (often leaving the safe zone), charges overnight and runs low some evenings; the
 * last fix is at home, whatever the time of day of the seed. The
 * product's own evaluation (evaluateZones, evaluateBattery) decides which fixes make geofence and
 * low-battery events; one SOS and one fall are pressed during walks. The watches' runtime state is
 * their last fix, offline since (with its offline event). Bulk inserts (unnest): a few thousand
 * rows in three statements.
 */
export async function seedHistory(db: Db, ctx: DemoTenantContext, watches: readonly DemoWatch[]): Promise<void> {
  const end = Math.floor((ctx.now.getTime() - QUIET_MS) / HISTORY_STEP_MS) * HISTORY_STEP_MS;
  const steps = (HISTORY_DAYS * 24 * HOUR_MS) / HISTORY_STEP_MS;
  const positions: PositionRow[] = [];
  const events: EventRow[] = [];
  const states: { device_id: string; tenant_id: string; last_seen: Date; fix_time: Date; latitude: number; longitude: number; accuracy: number; battery: number; charging: boolean; low_battery_alarmed: boolean; zones: string }[] = [];

  watches.forEach((watch, index) => {
    const random = seededRandom(`${ctx.key}:${watch.name}`);
    // The second watch has an older battery: it runs low most evenings.
    const drain = index % 3 === 1 ? 1.05 : 0.75 + random() * 0.15;
    let zones: Map<string, ZoneState> = new Map();
    let battery = 100;
    let alarmed = false;
    let walk: { startStep: number; length: number; heading: number; north: number; east: number } | null = null;
    let north = 0;
    let east = 0;
    let last: { row: PositionRow; charging: boolean } | null = null;
    const event = (type: string, step: number, time: Date, positionId: string, point: { lat: number; lng: number }, extra: Record<string, unknown> = {}, geofenceId: string | null = null) =>
      events.push({ id: demoId(watch.deviceId, 'event', type, String(step)), tenant_id: watch.tenantId, device_id: watch.deviceId, type, event_time: time, position_id: positionId, geofence_id: geofenceId, attributes: JSON.stringify({ latitude: point.lat, longitude: point.lng, ...extra }) });

    for (let i = steps; i >= 0; i--) {
      const t = end - i * HISTORY_STEP_MS;
      const hour = localHour(t);
      const step = steps - i;
      // A walk starts between 10:00 and 15:00 on most days and lasts one to two hours.
      // A walk that would not be over by the last fix is not taken: the watch was taken off at home.
      if (!walk && hour === 10 && new Date(t).getUTCMinutes() === 0 && random() < 0.8) {
        walk = { startStep: step + Math.floor(random() * 30), length: 6 + Math.floor(random() * 7), heading: random() * 2 * Math.PI, north: 0, east: 0 };
        if (walk.startStep + walk.length >= steps) walk = null;
      }
      let accuracy = 8 + Math.round(random() * 10);
      if (walk && step >= walk.startStep) {
        const k = step - walk.startStep;
        if (k < walk.length / 2) {
          walk.heading += (random() - 0.5) * 0.9;
          const stride = 60 + random() * 90;
          walk.north += stride * Math.cos(walk.heading);
          walk.east += stride * Math.sin(walk.heading);
        } else {
          const left = walk.length - k;
          walk.north -= walk.north / Math.max(left, 1);
          walk.east -= walk.east / Math.max(left, 1);
        }
        north = walk.north;
        east = walk.east;
        accuracy = 5 + Math.round(random() * 15);
        if (k >= walk.length) walk = null;
      } else {
        north = (random() - 0.5) * 24;
        east = (random() - 0.5) * 24;
      }
      const charging = hour >= 21 || hour < 7;
      battery = charging ? Math.min(100, battery + 9) : Math.max(3, battery - drain - random() * 0.2);
      const level = Math.round(battery);
      const point = offset(watch.home, north, east);
      const time = new Date(t);
      const id = demoId(watch.deviceId, 'position', String(step));
      const row: PositionRow = {
        id, tenant_id: watch.tenantId, device_id: watch.deviceId, fix_time: time, latitude: Math.round(point.lat * 1e6) / 1e6, longitude: Math.round(point.lng * 1e6) / 1e6,
        altitude: 12, speed: walk ? Math.round(random() * 25) / 10 : 0, course: walk ? Math.round(((walk.heading * 180) / Math.PI + 360) % 360) : 0, accuracy, battery: level, valid: true, attributes: null,
      };
      positions.push(row);
      const at = { lat: row.latitude, lng: row.longitude };

      const zoneResult = evaluateZones(watch.zones, zones, at, accuracy, time);
      zones = zoneResult.state;
      for (const e of zoneResult.events) event(e.type, step, time, id, at, { geofenceName: e.geofenceName }, e.geofenceId);
      const batteryResult = evaluateBattery(level, charging, DEFAULT_LOW_BATTERY_THRESHOLD, alarmed);
      alarmed = batteryResult.alarmed;
      if (batteryResult.alarm) event('lowBattery', step, time, id, at, { battery: level });
      // One SOS (first watch) and one fall (second watch), in the middle of a walk four days ago.
      if (walk && step - walk.startStep === 3 && i < 4 * 24 * 6 && i >= 3 * 24 * 6) {
        if (index % 3 === 0) event('sos', step, time, id, at);
        if (index % 3 === 1) event('fall', step, time, id, at);
      }
      last = { row, charging };
    }
    if (!last) return;
    const lastSeen = last.row.fix_time;
    event('offline', steps + 1, new Date(lastSeen.getTime() + DEFAULT_OFFLINE_AFTER_S * 1000), last.row.id, { lat: last.row.latitude, lng: last.row.longitude }, { lastSeen: lastSeen.toISOString() });
    states.push({
      device_id: watch.deviceId, tenant_id: watch.tenantId, last_seen: lastSeen, fix_time: lastSeen, latitude: last.row.latitude, longitude: last.row.longitude,
      accuracy: last.row.accuracy!, battery: last.row.battery!, charging: last.charging, low_battery_alarmed: alarmed, zones: zonesJson(zones),
    });
  });
  if (positions.length === 0) return;

  await sql`
    insert into positions (id, tenant_id, device_id, fix_time, latitude, longitude, altitude, speed, course, accuracy, battery, valid, attributes, keep_days)
    select v.*, ${keepDaysOf(sql`v.tenant_id`)} from ${unnest<PositionRow>('v', POSITION_COLUMNS, positions)}`.execute(db);
  if (events.length) {
    await sql`
      insert into device_events (id, tenant_id, device_id, type, event_time, position_id, geofence_id, attributes, keep_days)
      select v.*, ${keepDaysOf(sql`v.tenant_id`)} from ${unnest<EventRow>('v', { id: 'uuid', tenant_id: 'uuid', device_id: 'uuid', type: 'text', event_time: 'timestamptz', position_id: 'uuid', geofence_id: 'uuid', attributes: 'jsonb' }, events)}`.execute(db);
  }
  await db
    .insertInto('device_state')
    .values(states.map((s) => ({ ...s, online: false, contact_synced: s.last_seen })))
    .execute();
  for (const s of states) {
    await db.updateTable('devices').set({ battery_level: s.battery, last_contact: s.last_seen, status: 'offline' }).where('id', '=', s.device_id).execute();
  }
}
