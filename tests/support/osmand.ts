import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/database';
import type { GeofenceSchedule } from '../../server/care/tables';
import { DEMO_WATCHES } from '../../server/seed/demo';

/** Requests exactly as the Traccar Client apps and OsmAnd send them, and care fixtures around them. */

/** Traccar Client for Android and iOS (up to version 8): a POST with the fix in the query and no body. */
export async function sendQuery(base: string, params: Record<string, string | number>, method = 'POST'): Promise<number> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const res = await fetch(`${base}/?${query}`, { method });
  await res.arrayBuffer();
  return res.status;
}

/** A form body (application/x-www-form-urlencoded), as OsmAnd-compatible trackers post it. */
export async function sendForm(base: string, params: Record<string, string | number>): Promise<number> {
  const res = await fetch(base, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString(),
  });
  await res.arrayBuffer();
  return res.status;
}

export interface JsonFix {
  lat: number;
  lon: number;
  time: Date;
  accuracy?: number;
  battery?: number;
  charging?: boolean;
  alarm?: string;
}

/** The location object Traccar Client 9 (background geolocation) posts. */
export function jsonLocation(fix: JsonFix) {
  return {
    timestamp: fix.time.toISOString(),
    coords: { latitude: fix.lat, longitude: fix.lon, accuracy: fix.accuracy ?? 5, speed: 1.2, heading: 90, altitude: 12, ellipsoidal_altitude: 12, altitude_accuracy: 3, speed_accuracy: 1, heading_accuracy: 10, floor: null },
    is_moving: true,
    odometer: 1520,
    event: 'motionchange',
    uuid: randomUUID(),
    activity: { type: 'walking', confidence: 100 },
    battery: { level: (fix.battery ?? 80) / 100, is_charging: fix.charging ?? false },
    extras: fix.alarm ? { alarm: fix.alarm } : {},
  };
}

export async function sendJson(base: string, body: unknown): Promise<number> {
  const res = await fetch(base, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  return res.status;
}

/** Query parameters of one fix as Traccar Client Android sends them (speed in knots, epoch seconds). */
export function queryFix(imei: string, fix: JsonFix): Record<string, string | number> {
  return {
    id: imei,
    timestamp: Math.floor(fix.time.getTime() / 1000),
    lat: fix.lat,
    lon: fix.lon,
    speed: 0.5,
    bearing: 0,
    altitude: 10,
    accuracy: fix.accuracy ?? 5,
    batt: fix.battery ?? 80,
    ...(fix.charging ? { charge: 'true' } : {}),
    ...(fix.alarm ? { alarm: fix.alarm } : {}),
  };
}

export async function demoDevices(db: Db) {
  const rows = await db.selectFrom('devices').select(['id', 'imei', 'tenant_id', 'owner_user_id', 'name']).where('imei', 'in', DEMO_WATCHES.map((w) => w.imei)).execute();
  const byImei = (imei: string) => rows.find((r) => r.imei === imei)!;
  return { mum: byImei(DEMO_WATCHES[0].imei), dad: byImei(DEMO_WATCHES[1].imei) };
}

/** A circle zone linked to a device, as the geofence screens store it. */
export async function createCircle(db: Db, opts: { tenantId: string | null; deviceId: string; lat: number; lon: number; radius: number; name?: string; schedule?: GeofenceSchedule }) {
  const id = randomUUID();
  await db
    .insertInto('geofences')
    .values({ id, tenant_id: opts.tenantId, name: opts.name ?? 'Home', shape: 'circle', center_lat: opts.lat, center_lon: opts.lon, radius_m: opts.radius, schedule: opts.schedule ? JSON.stringify(opts.schedule) : null, concurrency_stamp: randomUUID() })
    .execute();
  await db.insertInto('geofence_links').values({ id: randomUUID(), tenant_id: opts.tenantId, geofence_id: id, device_id: opts.deviceId }).execute();
  return id;
}

/** A point `metres` north of a latitude/longitude. */
export const north = (lat: number, lon: number, metres: number) => ({ lat: lat + metres / 111_195, lon });
