import type { Config } from '../config';
import { intlLocale } from '../../common/languages';

/**
 * Street addresses for alarms from a Nominatim-compatible reverse geocoder (GEOCODER_URL):
 * `/reverse?format=jsonv2&lat=&lon=&accept-language=`. A lookup waits at most the timeout, sends
 * a User-Agent (Nominatim's usage policy asks for one), and is cached (about 10 m and one
 * language per entry), failures briefly too, so a watch in alarm does not hammer the service. It
 * never throws: without a geocoder, or when it fails, the answer is null and the alarm tells the
 * coordinates only.
 *
 * Why not in the ingest: alarms are rendered inside the ingest's transaction (positions, state
 * and alarms commit together), and a network call there would hold the batch's row locks for up to
 * the timeout. So the texts rendered in the transaction carry no address; the delivery jobs (mail,
 * push, SMS), which run in the background, look it up and render again (server/alarms/address.ts).
 */
export interface Geocoder {
  reverse(lat: number, lon: number, language: string): Promise<string | null>;
}

export interface GeocoderOptions {
  /** Base URL (https://nominatim.example) or the /reverse URL itself. */
  url: string;
  timeoutMs?: number;
  userAgent?: string;
  /** Entries kept (least recently used dropped). */
  cacheSize?: number;
  /** How long an address is kept, and a failure remembered. */
  ttlMs?: number;
  failureTtlMs?: number;
  fetch?: typeof fetch;
}

const MAX_ADDRESS = 200;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]+/g;

type NominatimAddress = Partial<Record<'road' | 'pedestrian' | 'footway' | 'path' | 'house_number' | 'postcode' | 'city' | 'town' | 'village' | 'hamlet' | 'suburb' | 'municipality', unknown>>;

const str = (v: unknown) => (typeof v === 'string' ? v.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim() : '');

/** A short address from a jsonv2 answer: "Road 12, 1620 City", else the display name; null when none. */
export function addressOf(answer: unknown): string | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const a = answer as { address?: NominatimAddress; display_name?: unknown; error?: unknown };
  if (a.error !== undefined) return null;
  const parts = a.address ?? {};
  const road = str(parts.road) || str(parts.pedestrian) || str(parts.footway) || str(parts.path);
  const place = str(parts.city) || str(parts.town) || str(parts.village) || str(parts.hamlet) || str(parts.municipality) || str(parts.suburb);
  let out = '';
  if (road) {
    const street = [road, str(parts.house_number)].filter(Boolean).join(' ');
    const town = [str(parts.postcode), place].filter(Boolean).join(' ');
    out = [street, town].filter(Boolean).join(', ');
  } else {
    out = str(a.display_name);
  }
  if (!out) return null;
  const chars = [...out];
  return chars.length > MAX_ADDRESS ? `${chars.slice(0, MAX_ADDRESS - 1).join('')}…` : out;
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
  const timeoutMs = options.timeoutMs ?? 1500;
  const cacheSize = options.cacheSize ?? 500;
  const ttlMs = options.ttlMs ?? 24 * 3600_000;
  const failureTtlMs = options.failureTtlMs ?? 60_000;
  const doFetch = options.fetch ?? fetch;
  const userAgent = options.userAgent ?? 'Vigil/0.1';
  const cache = new Map<string, { address: string | null; until: number }>();
  const pending = new Map<string, Promise<string | null>>();

  const remember = (key: string, address: string | null, ttl: number) => {
    cache.delete(key);
    cache.set(key, { address, until: Date.now() + ttl });
    while (cache.size > cacheSize) cache.delete(cache.keys().next().value!);
  };

  const lookup = async (key: string, lat: number, lon: number, language: string): Promise<string | null> => {
    try {
      const res = await doFetch(reverseUrl(options.url, lat, lon, language), {
        headers: { 'user-agent': userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      if (!res.ok) {
        await res.body?.cancel();
        remember(key, null, failureTtlMs);
        return null;
      }
      const address = addressOf(await res.json());
      remember(key, address, address ? ttlMs : failureTtlMs);
      return address;
    } catch {
      remember(key, null, failureTtlMs);
      return null;
    }
  };

  return {
    async reverse(lat, lon, language) {
      if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
      // About 10 m: fixes of a person standing still share one lookup.
      const key = `${lat.toFixed(4)},${lon.toFixed(4)}|${intlLocale(language)}`;
      const hit = cache.get(key);
      if (hit && hit.until > Date.now()) {
        cache.delete(key);
        cache.set(key, hit);
        return hit.address;
      }
      let p = pending.get(key);
      if (!p) {
        p = lookup(key, lat, lon, language).finally(() => pending.delete(key));
        pending.set(key, p);
      }
      return p;
    },
  };
}

/** The configured geocoder, or null when GEOCODER_URL is empty. */
export function geocoderOf(config: Pick<Config, 'geocoder'>): Geocoder | null {
  if (!config.geocoder.url) return null;
  return createGeocoder({ url: config.geocoder.url, timeoutMs: config.geocoder.timeoutMs, userAgent: config.geocoder.userAgent });
}
