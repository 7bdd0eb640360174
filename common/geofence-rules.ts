import type { LatLng } from './geo';

/**
 * Rules of a safe zone, shared by the server (which refuses bad zones) and the /geofence page
 * (which says so before sending): radius bounds, polygon corners, no crossing edges, schedule.
 */
export const GEOFENCE_RADIUS_M = { min: 20, max: 50_000 } as const;
export const GEOFENCE_POLYGON_POINTS = { min: 3, max: 200 } as const;
export const GEOFENCE_NAME_MAX = 128;
/** The longest text "Find a place" sends to be searched (an address is far shorter). */
export const PLACE_QUERY_MAX = 200;
/** A time of day as the schedule writes it: 'HH:mm', 00:00 to 23:59. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** An alarm window in the zone's own time zone: from 22:00 to 06:00 crosses midnight. */
export interface GeofenceScheduleRule {
  from: string;
  to: string;
  timeZone: string;
}

export function isValidLatLng(p: LatLng | null | undefined): p is LatLng {
  return !!p && Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;
}

/** Whether the runtime knows this IANA time zone ('Europe/Copenhagen'). */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || !/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$|^UTC$/.test(timeZone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Longitude moved by whole turns to within 180° of the reference, so zones across the antimeridian work. */
const unwrap = (lng: number, ref: number) => lng - 360 * Math.round((lng - ref) / 360);

function orientation(a: { x: number; y: number }, b: { x: number; y: number }, c: { x: number; y: number }): number {
  const v = (b.y - a.y) * (c.x - b.x) - (b.x - a.x) * (c.y - b.y);
  return Math.abs(v) < 1e-15 ? 0 : v > 0 ? 1 : 2;
}

function onSegment(a: { x: number; y: number }, b: { x: number; y: number }, c: { x: number; y: number }): boolean {
  return b.x <= Math.max(a.x, c.x) && b.x >= Math.min(a.x, c.x) && b.y <= Math.max(a.y, c.y) && b.y >= Math.min(a.y, c.y);
}

type XY = { x: number; y: number };
function segmentsIntersect(p1: XY, q1: XY, p2: XY, q2: XY): boolean {
  const o1 = orientation(p1, q1, p2);
  const o2 = orientation(p1, q1, q2);
  const o3 = orientation(p2, q2, p1);
  const o4 = orientation(p2, q2, q1);
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && onSegment(p1, p2, q1)) || (o2 === 0 && onSegment(p1, q2, q1)) || (o3 === 0 && onSegment(p2, p1, q2)) || (o4 === 0 && onSegment(p2, q1, q2));
}

/**
 * Whether two edges of the closed polygon cross or touch (other than neighbours sharing their
 * corner): such a "bow tie" has no clear inside, so it is refused.
 */
export function polygonSelfIntersects(points: readonly LatLng[]): boolean {
  if (points.length < 3) return false;
  const ref = points[0]!.lng;
  const ring = points.map((p) => ({ x: unwrap(p.lng, ref), y: p.lat }));
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const a1 = ring[i]!;
    const a2 = ring[(i + 1) % n]!;
    for (let j = i + 1; j < n; j++) {
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (adjacent) continue;
      if (segmentsIntersect(a1, a2, ring[j]!, ring[(j + 1) % n]!)) return true;
    }
  }
  return false;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether alarms are on at `at` under this schedule (no schedule: always). The window runs from
 * `from` up to `to` in the zone's time zone and may cross midnight (22:00 to 06:00).
 */
export function scheduleActive(schedule: GeofenceScheduleRule | null | undefined, at: Date = new Date()): boolean {
  if (!schedule) return true;
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: schedule.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  const now = hour * 60 + minute;
  const from = minutes(schedule.from);
  const to = minutes(schedule.to);
  return from <= to ? now >= from && now < to : now >= from || now < to;
}
