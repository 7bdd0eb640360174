/**
 * Geometry for safe zones, shared by the server (evaluating each position) and the web app
 * (drawing). Coordinates are WGS84 degrees; distances are metres.
 */
export interface LatLng {
  lat: number;
  lng: number;
}

export const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance (haversine): exact enough at every latitude, including near the poles. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Longitude of `lng` moved by whole turns to within 180° of `reference` (antimeridian-safe). */
function unwrap(lng: number, reference: number): number {
  let out = lng;
  while (out - reference > 180) out -= 360;
  while (out - reference < -180) out += 360;
  return out;
}

/** A usable WGS84 coordinate: finite, latitude within ±90°, longitude within ±180°. */
export function isValidLatLng(lat: unknown, lng: unknown): boolean {
  return typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

/**
 * The pole a ring goes around (its longitudes turn a full 360°), or undefined. Such a ring (a zone
 * around a research station at the pole) cannot be ray cast in plain latitude/longitude.
 */
export function enclosedPole(polygon: readonly LatLng[]): 'north' | 'south' | undefined {
  let turn = 0;
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i]!.lng;
    const b = polygon[(i + 1) % polygon.length]!.lng;
    turn += unwrap(b, a) - a;
  }
  if (Math.abs(turn) < 180) return undefined;
  const meanLat = polygon.reduce((sum, p) => sum + p.lat, 0) / polygon.length;
  return meanLat >= 0 ? 'north' : 'south';
}

/** Around a pole: follow the point's meridian to the pole; an even number of edge crossings is inside. */
function insidePolarPolygon(point: LatLng, polygon: readonly LatLng[], pole: 'north' | 'south'): boolean {
  let crossings = 0;
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % polygon.length]!;
    const da = unwrap(a.lng, point.lng) - point.lng;
    const db = unwrap(b.lng, a.lng) - a.lng + da;
    // The edge crosses the point's meridian when its ends lie on either side of it.
    if (da > 0 === db > 0 || da === db) continue;
    const t = da / (da - db);
    const lat = a.lat + t * (b.lat - a.lat);
    if (pole === 'north' ? lat > point.lat : lat < point.lat) crossings++;
  }
  return crossings % 2 === 0;
}

/**
 * Ray casting on the polygon's vertices, with longitudes unwrapped around the first vertex so a
 * zone across the antimeridian works. Concave polygons are fine; a point on an edge counts inside.
 * A ring around a pole is tested along the point's meridian instead.
 */
export function insidePolygon(point: LatLng, polygon: readonly LatLng[]): boolean {
  if (polygon.length < 3) return false;
  const { pole, ref, ring } = prepared(polygon);
  if (pole) return insidePolarPolygon(point, polygon, pole);
  const x = unwrap(point.lng, ref);
  const y = point.lat;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    // On the edge: inside.
    const cross = (x - a.x) * (b.y - a.y) - (y - a.y) * (b.x - a.x);
    if (Math.abs(cross) < 1e-12 && x >= Math.min(a.x, b.x) && x <= Math.max(a.x, b.x) && y >= Math.min(a.y, b.y) && y <= Math.max(a.y, b.y)) return true;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/**
 * What ray casting needs of a polygon, worked out once per polygon array (the ingest tests every
 * fix against the same zones; a zone's points are replaced, never changed in place).
 */
const preparedPolygons = new WeakMap<readonly LatLng[], { pole: 'north' | 'south' | undefined; ref: number; ring: { x: number; y: number }[] }>();
function prepared(polygon: readonly LatLng[]) {
  let p = preparedPolygons.get(polygon);
  if (!p) {
    const ref = polygon[0]!.lng;
    p = { pole: enclosedPole(polygon), ref, ring: polygon.map((v) => ({ x: unwrap(v.lng, ref), y: v.lat })) };
    preparedPolygons.set(polygon, p);
  }
  return p;
}

/** Metres east and north of `ref` in a flat projection around it (`k`: cosine of its latitude). */
const metresEast = (p: LatLng, ref: LatLng, k: number) => rad(unwrap(p.lng, ref.lng) - ref.lng) * EARTH_RADIUS_M * k;
const metresNorth = (p: LatLng, ref: LatLng) => rad(p.lat - ref.lat) * EARTH_RADIUS_M;

/** Shortest distance in metres from a point to a polygon's boundary (local flat projection). */
export function distanceToPolygonEdge(point: LatLng, polygon: readonly LatLng[]): number {
  const ref = point;
  const k = Math.cos(rad(ref.lat));
  let best = Infinity;
  // Plain numbers, no point objects: this runs for every fix and polygon.
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const ax = metresEast(polygon[j]!, ref, k);
    const ay = metresNorth(polygon[j]!, ref);
    const dx = metresEast(polygon[i]!, ref, k) - ax;
    const dy = metresNorth(polygon[i]!, ref) - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
    best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return best;
}

export type Zone = { kind: 'circle'; center: LatLng; radius: number } | { kind: 'polygon'; points: LatLng[] };

/**
 * Where a fix is relative to a zone, given its accuracy radius (metres): 'inside' or 'outside'
 * only when the whole accuracy circle is on that side, else 'uncertain'. An exit is raised only on
 * 'outside' (and confirmed by a second fix), so GPS drift at the edge does not wake a carer.
 */
export function classify(point: LatLng, accuracy: number, zone: Zone): 'inside' | 'outside' | 'uncertain' {
  const margin = Math.max(0, Number.isFinite(accuracy) ? accuracy : 0);
  if (zone.kind === 'circle') {
    const d = distanceMeters(point, zone.center);
    if (d + margin <= zone.radius) return 'inside';
    if (d - margin > zone.radius) return 'outside';
    return 'uncertain';
  }
  const inside = insidePolygon(point, zone.points);
  if (margin === 0) return inside ? 'inside' : 'outside';
  const edge = distanceToPolygonEdge(point, zone.points);
  if (edge <= margin) return 'uncertain';
  return inside ? 'inside' : 'outside';
}

/** Initial great-circle bearing from `a` to `b`, degrees clockwise from north in [0, 360). */
export function bearingDegrees(a: LatLng, b: LatLng): number {
  const φ1 = rad(a.lat);
  const φ2 = rad(b.lat);
  const Δλ = rad(unwrap(b.lng, a.lng) - a.lng);
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  const deg = (Math.atan2(y, x) * 180) / Math.PI;
  const out = (deg + 360) % 360;
  return Number.isFinite(out) ? out : 0;
}

/**
 * A zone's middle: a circle's centre, a polygon's vertex mean (in a flat projection around its
 * first corner, so a zone across the antimeridian has its middle inside it).
 */
export function zoneCenter(zone: Zone): LatLng {
  if (zone.kind === 'circle') return zone.center;
  const pts = zone.points;
  if (pts.length === 0) return { lat: 0, lng: 0 };
  const ref = pts[0]!.lng;
  let lat = 0;
  let lng = 0;
  for (const p of pts) {
    lat += p.lat;
    lng += unwrap(p.lng, ref);
  }
  const mean = lng / pts.length;
  return { lat: lat / pts.length, lng: ((((mean + 180) % 360) + 360) % 360) - 180 };
}

/**
 * How far a point lies outside a zone's edge in metres (0 inside or on it). A circle by the
 * great-circle distance to its centre less the radius; a polygon by the distance to its nearest edge.
 */
export function distanceOutside(point: LatLng, zone: Zone): number {
  if (zone.kind === 'circle') return Math.max(0, distanceMeters(point, zone.center) - zone.radius);
  if (zone.points.length < 3 || insidePolygon(point, zone.points)) return 0;
  return distanceToPolygonEdge(point, zone.points);
}
