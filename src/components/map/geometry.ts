import { EARTH_RADIUS_M, type LatLng } from '../../../common/geo';
import type { MapDraft, MapMarker, MapTrail, MapZone } from './types';

/** The point `metres` east of `center`: where a circle's resize handle sits. */
export function eastOf(center: LatLng, metres: number): LatLng {
  const dLng = (metres / (EARTH_RADIUS_M * Math.cos((center.lat * Math.PI) / 180))) * (180 / Math.PI);
  return { lat: center.lat, lng: center.lng + dLng };
}

/** The south-west and north-east corners around everything shown, or null when nothing is. */
export function boundsOf(zones: MapZone[], markers: MapMarker[], trails: MapTrail[], draft?: MapDraft | null): [LatLng, LatLng] | null {
  const points: LatLng[] = [];
  const circle = (center: LatLng, radius: number) => {
    const dLat = (radius / EARTH_RADIUS_M) * (180 / Math.PI);
    const east = eastOf(center, radius);
    points.push({ lat: center.lat - dLat, lng: 2 * center.lng - east.lng }, { lat: center.lat + dLat, lng: east.lng });
  };
  for (const z of zones) {
    if (z.kind === 'circle') circle(z.center, z.radius);
    else points.push(...z.points);
  }
  for (const m of markers) points.push(m.position);
  for (const t of trails) points.push(...t.points);
  if (draft?.kind === 'circle') circle(draft.center, draft.radius);
  if (draft?.kind === 'polygon') points.push(...draft.points);
  if (!points.length) return null;
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  return [
    { lat: Math.min(...lats), lng: Math.min(...lngs) },
    { lat: Math.max(...lats), lng: Math.max(...lngs) },
  ];
}

/** Changes when the set of things shown changes (not when a draft is dragged), so the view refits only then. */
export const contentKey = (zones: MapZone[], markers: MapMarker[], trails: MapTrail[]) =>
  [...zones.map((z) => z.id), ...markers.map((m) => m.id), ...trails.map((t) => t.id)].join('|');

/** Copenhagen: where an empty map opens. */
export const DEFAULT_CENTER: LatLng = { lat: 55.6761, lng: 12.5683 };
