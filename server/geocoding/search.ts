import { PLACE_QUERY_MAX } from '../../common/geofence-rules';
import { intlLocale } from '../../common/languages';
import { cleanText } from './text';

/** A place a forward search found: its name as the geocoder gives it, and where it is. */
export interface Place {
  name: string;
  lat: number;
  lng: number;
}

/** Places asked for in one search, as Nominatim's `limit`. */
export const PLACES_PER_SEARCH = 5;
/** The longest query sent (Nominatim's own limit is larger). */
export const SEARCH_QUERY_MAX = PLACE_QUERY_MAX;

/**
 * The /search URL of a configured geocoder URL: its base, or its /reverse URL with /search in
 * place of /reverse (GEOCODER_URL may name either).
 */
export function searchUrl(base: string, query: string, language: string): URL {
  const url = new URL(base);
  const path = url.pathname.replace(/\/reverse(\.php)?\/?$/, '').replace(/\/+$/, '');
  url.pathname = `${path}/search`;
  url.search = '';
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('q', query);
  url.searchParams.set('limit', String(PLACES_PER_SEARCH));
  url.searchParams.set('accept-language', intlLocale(language));
  return url;
}

const coordinate = (v: unknown, max: number): number | null => {
  const n = typeof v === 'string' ? Number(v) : typeof v === 'number' ? v : Number.NaN;
  return Number.isFinite(n) && Math.abs(n) <= max ? n : null;
};

/** The places of a jsonv2 /search answer (an array); null when the answer is not one. */
export function placesOf(answer: unknown): Place[] | null {
  if (!Array.isArray(answer)) return null;
  const places: Place[] = [];
  for (const item of answer.slice(0, PLACES_PER_SEARCH)) {
    if (typeof item !== 'object' || item === null) continue;
    const { lat, lon, display_name: name } = item as Record<string, unknown>;
    const place = { name: cleanText(name), lat: coordinate(lat, 90), lng: coordinate(lon, 180) };
    if (place.name && place.lat !== null && place.lng !== null) places.push(place as Place);
  }
  return places;
}
