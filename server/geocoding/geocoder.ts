import type { Config } from '../config';
import { intlLocale } from '../../common/languages';
import { createLookup, perMinute } from './lookup';
import { placesOf, searchUrl, SEARCH_QUERY_MAX, type Place } from './search';
import { cleanText } from './text';

/**
 * A Nominatim-compatible geocoder (GEOCODER_URL). Street addresses for alarms:
 * `/reverse?format=jsonv2&lat=&lon=&accept-language=`, cached about 10 m and one language per
 * entry, so a watch in alarm does not hammer the service; without a geocoder, or when it fails,
 * the answer is null and the alarm tells the coordinates only. And "Find a place" on the map:
 * `/search?format=jsonv2&q=`, asked by the server only (server/geocoding/place-routes.ts), cached
 * per query and language, at most `searchPerMinute` searches a node sends, so searches can never
 * crowd out the alarms' lookups or break the service's usage policy. Both wait at most the
 * timeout, send Vigil's User-Agent, remember failures briefly and never throw (server/geocoding/lookup.ts).
 *
 * Why not in the ingest: alarms are rendered inside the ingest's transaction (positions, state
 * and alarms commit together), and a network call there would hold the batch's row locks for up to
 * the timeout. So the texts rendered in the transaction carry no address; the delivery jobs (mail,
 * push, SMS), which run in the background, look it up and render again (server/alarms/address.ts).
 */
export interface Geocoder {
  reverse(lat: number, lon: number, language: string): Promise<string | null>;
  /** Places for an address or a place's name: up to five, none when nothing matched; 'busy' at the node's cap; null when the geocoder failed. */
  search(query: string, language: string): Promise<Place[] | 'busy' | null>;
}

export interface GeocoderOptions {
  /** Base URL (https://nominatim.example) or the /reverse URL itself. */
  url: string;
  timeoutMs?: number;
  userAgent?: string;
  /** Entries kept of each kind (least recently used dropped). */
  cacheSize?: number;
  /** Searches this node sends in any minute at most (GEOCODER_SEARCH_PER_MINUTE). */
  searchPerMinute?: number;
  /** How long an address is kept, and a failure remembered. */
  ttlMs?: number;
  failureTtlMs?: number;
  fetch?: typeof fetch;
}

type NominatimAddress = Partial<Record<'road' | 'pedestrian' | 'footway' | 'path' | 'house_number' | 'postcode' | 'city' | 'town' | 'village' | 'hamlet' | 'suburb' | 'municipality', unknown>>;

/** A short address from a jsonv2 answer: "Road 12, 1620 City", else the display name; null when none. */
export function addressOf(answer: unknown): string | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const a = answer as { address?: NominatimAddress; display_name?: unknown; error?: unknown };
  if (a.error !== undefined) return null;
  const parts = a.address ?? {};
  const road = cleanText(parts.road) || cleanText(parts.pedestrian) || cleanText(parts.footway) || cleanText(parts.path);
  const place = cleanText(parts.city) || cleanText(parts.town) || cleanText(parts.village) || cleanText(parts.hamlet) || cleanText(parts.municipality) || cleanText(parts.suburb);
  let out = '';
  if (road) {
    const street = [road, cleanText(parts.house_number)].filter(Boolean).join(' ');
    const town = [cleanText(parts.postcode), place].filter(Boolean).join(' ');
    out = [street, town].filter(Boolean).join(', ');
  } else {
    out = cleanText(a.display_name);
  }
  return cleanText(out) || null;
}

/** The /reverse URL of a configured geocoder URL. */
export function reverseUrl(base: string, lat: number, lon: number, language: string): URL {
  const url = new URL(base);
  if (!/\/reverse(\.php)?\/?$/.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/+$/, '')}/reverse`;
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('lat', lat.toFixed(6));
  url.searchParams.set('lon', lon.toFixed(6));
  url.searchParams.set('accept-language', intlLocale(language));
  return url;
}

export function createGeocoder(options: GeocoderOptions): Geocoder {
  new URL(options.url); // a malformed URL fails at start, not at the first alarm
  const common = {
    timeoutMs: options.timeoutMs ?? 1500,
    userAgent: options.userAgent ?? 'Vigil/0.1',
    cacheSize: options.cacheSize ?? 500,
    ttlMs: options.ttlMs ?? 24 * 3600_000,
    failureTtlMs: options.failureTtlMs ?? 60_000,
    fetch: options.fetch ?? fetch,
  };
  const reverse = createLookup<string>(common);
  const search = createLookup<Place[]>({ ...common, admit: perMinute(options.searchPerMinute ?? 30) });

  return {
    async reverse(lat, lon, language) {
      if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
      // About 10 m: fixes of a person standing still share one lookup.
      const key = `${lat.toFixed(4)},${lon.toFixed(4)}|${intlLocale(language)}`;
      const address = await reverse(key, () => reverseUrl(options.url, lat, lon, language), addressOf);
      return address === 'busy' ? null : address;
    },
    async search(query, language) {
      const q = cleanText(query).slice(0, SEARCH_QUERY_MAX);
      if (!q) return [];
      return search(`${q.toLowerCase()}|${intlLocale(language)}`, () => searchUrl(options.url, q, language), placesOf);
    },
  };
}

/** The configured geocoder, or null when GEOCODER_URL is empty. */
export function geocoderOf(config: Pick<Config, 'geocoder'>): Geocoder | null {
  if (!config.geocoder.url) return null;
  const { url, timeoutMs, userAgent, searchPerMinute } = config.geocoder;
  return createGeocoder({ url, timeoutMs, userAgent, searchPerMinute });
}
