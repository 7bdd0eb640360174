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

/**
 * Ray casting on the polygon's vertices, with longitudes unwrapped around the first vertex so a
 * zone across the antimeridian works. Concave polygons are fine; a point on an edge counts inside.
 */
export function insidePolygon(point: LatLng, polygon: readonly LatLng[]): boolean {
  if (polygon.length < 3) return false;
  const ref = polygon[0]!.lng;
  const x = unwrap(point.lng, ref);
  const y = point.lat;
  const ring = polygon.map((p) => ({ x: unwrap(p.lng, ref), y: p.lat }));
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

/** Shortest distance in metres from a point to a polygon's boundary (local flat projection). */
export function distanceToPolygonEdge(point: LatLng, polygon: readonly LatLng[]): number {
  const ref = point;
  const k = Math.cos(rad(ref.lat));
  const toXY = (p: LatLng) => ({ x: rad(unwrap(p.lng, ref.lng) - ref.lng) * EARTH_RADIUS_M * k, y: rad(p.lat - ref.lat) * EARTH_RADIUS_M });
  let best = Infinity;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = toXY(polygon[j]!);
    const b = toXY(polygon[i]!);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(a.x * dx + a.y * dy) / len2));
    best = Math.min(best, Math.hypot(a.x + t * dx, a.y + t * dy));
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
