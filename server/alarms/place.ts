import { bearingDegrees, distanceOutside, isValidLatLng, zoneCenter, type LatLng, type Zone } from '../../common/geo';
import { intlLocale } from '../../common/languages';

/**
 * Where a person is when an alarm goes out, in words: coordinates with their accuracy, and the
 * distance and direction from a zone ("320 m north-east of Home"). Pure functions: the facts are
 * worked out once at evaluation (placeAttributes, stored on the event), the words per receiver's
 * language when the alarm is rendered (describePlace).
 */

/** Eight compass points, clockwise from north. */
export const COMPASS = ['n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw'] as const;
export type CompassPoint = (typeof COMPASS)[number];

/** The compass point of a bearing (degrees clockwise from north; any finite number). */
export function compassPoint(bearing: number): CompassPoint {
  const b = ((bearing % 360) + 360) % 360;
  return COMPASS[Math.round(b / 45) % 8]!;
}

/** A zone a place is told against. */
export interface PlaceZone {
  id?: string;
  name: string;
  zone: Zone;
}

/** What an alarm event carries about its place (device_events.attributes). */
export interface PlaceAttributes {
  accuracy: number | null;
  /** Metres outside the zone's edge (0 inside), whole metres. */
  distance: number | null;
  /** Degrees clockwise from north, from the zone's middle to the position, whole degrees. */
  bearing: number | null;
  /** The zone distance and bearing are told against. */
  placeZone: string | null;
}

const NO_PLACE: PlaceAttributes = { accuracy: null, distance: null, bearing: null, placeZone: null };

/**
 * The place facts of a position against a device's zones: against `preferId` (the zone an exit or
 * entry is about) when given and known, else against the nearest zone. No zones: accuracy only.
 */
export function placeAttributes(point: LatLng, accuracy: number | null, zones: readonly PlaceZone[], preferId?: string | null): PlaceAttributes {
  const acc = accuracy !== null && Number.isFinite(accuracy) && accuracy >= 0 ? Math.round(accuracy) : null;
  if (!isValidLatLng(point.lat, point.lng)) return NO_PLACE;
  let best: PlaceZone | undefined;
  let bestDistance = Infinity;
  if (preferId) {
    best = zones.find((z) => z.id === preferId);
    if (best) bestDistance = distanceOutside(point, best.zone);
  }
  if (!best) {
    for (const z of zones) {
      const d = distanceOutside(point, z.zone);
      if (d < bestDistance) {
        best = z;
        bestDistance = d;
      }
    }
  }
  if (!best || !Number.isFinite(bestDistance)) return { ...NO_PLACE, accuracy: acc };
  return { accuracy: acc, distance: Math.round(bestDistance), bearing: Math.round(bearingDegrees(zoneCenter(best.zone), point)) % 360, placeZone: best.name };
}

/** The place of an event as its attributes tell it (null when it has no usable coordinates). */
export interface PlaceFacts {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  distance: number | null;
  bearing: number | null;
  zone: string | null;
}

type Attributes = Readonly<Record<string, string | number | boolean | null | undefined>>;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function placeFromAttributes(attributes: Attributes): PlaceFacts | null {
  const latitude = num(attributes.latitude);
  const longitude = num(attributes.longitude);
  if (latitude === null || longitude === null || !isValidLatLng(latitude, longitude)) return null;
  const zone = typeof attributes.placeZone === 'string' ? attributes.placeZone : typeof attributes.geofenceName === 'string' ? attributes.geofenceName : null;
  const distance = num(attributes.distance);
  return { latitude, longitude, accuracy: num(attributes.accuracy), distance: distance === null ? null : Math.max(0, distance), bearing: num(attributes.bearing), zone };
}

const numberFormats = new Map<string, Intl.NumberFormat>();
/** A number with at most `digits` decimals in a culture's notation (19.8, 19,8). */
export function formatNumber(value: number, culture: string, digits = 1): string {
  const key = `${culture}|${digits}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(culture), { maximumFractionDigits: digits, useGrouping: false });
    numberFormats.set(key, f);
  }
  return f.format(value);
}

/**
 * A distance as people say it: metres to the nearest 10 below a kilometre (5 below 100 m), then
 * kilometres with one decimal (10 km and more: whole kilometres).
 */
export function formatDistance(metres: number, culture: string): string {
  const m = Math.max(0, metres);
  if (m < 100) return `${Math.round(m / 5) * 5} m`;
  if (m < 995) return `${Math.round(m / 10) * 10} m`;
  const km = m / 1000;
  return `${formatNumber(km, culture, km < 10 ? 1 : 0)} km`;
}

/** Coordinates with five decimals (about a metre), dot notation as maps and search boxes read them. */
export const formatCoordinates = (lat: number, lon: number) => `${lat.toFixed(5)}, ${lon.toFixed(5)}`;

/** A link that opens the coordinates on a map (OpenStreetMap). */
export const mapLink = (lat: number, lon: number) => `https://www.openstreetmap.org/?mlat=${lat.toFixed(5)}&mlon=${lon.toFixed(5)}#map=17/${lat.toFixed(5)}/${lon.toFixed(5)}`;

export type Translate = (key: string, values?: Record<string, string | number>) => string;

export interface PlaceWords {
  /** "55.67610, 12.56830 (±15 m)". */
  coordinates: string;
  /** "320 m north-east of Home", "in Home", or '' without a zone. */
  distance: string;
  /** Everything: the address when known, the distance, the coordinates. */
  place: string;
}

/**
 * A place in words in a language. `t` translates keys of tracking:place.*; `address` is the street
 * address when a geocoder found one. Without facts: the words for an unknown place.
 */
export function describePlace(facts: PlaceFacts | null, culture: string, t: Translate, address?: string | null): PlaceWords {
  if (!facts) return { coordinates: '', distance: '', place: t('place.unknown') };
  const coords = formatCoordinates(facts.latitude, facts.longitude);
  const coordinates = facts.accuracy !== null ? t('place.coordinatesAccuracy', { coordinates: coords, accuracy: Math.round(facts.accuracy) }) : coords;
  let distance = '';
  if (facts.zone !== null && facts.distance !== null) {
    distance =
      facts.distance < 1 || facts.bearing === null
        ? t('place.inside', { zone: facts.zone })
        : t('place.relative', { distance: formatDistance(facts.distance, culture), direction: t(`place.directions.${compassPoint(facts.bearing)}`), zone: facts.zone });
  }
  const parts = [address?.trim() || '', distance, coordinates].filter(Boolean);
  return { coordinates, distance, place: parts.join(' · ') };
}

/** A geofences row's shape as a Zone (undefined when it is incomplete). */
export function zoneOfRow(r: { shape: string; center_lat: number | null; center_lon: number | null; radius_m: number | null; points: [number, number][] | null }): Zone | undefined {
  if (r.shape === 'circle' && r.center_lat !== null && r.center_lon !== null && r.radius_m !== null && r.radius_m > 0) {
    return { kind: 'circle', center: { lat: r.center_lat, lng: r.center_lon }, radius: r.radius_m };
  }
  if (r.shape === 'polygon' && Array.isArray(r.points) && r.points.length >= 3) return { kind: 'polygon', points: r.points.map(([lat, lng]) => ({ lat, lng })) };
  return undefined;
}
