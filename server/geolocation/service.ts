import type { Config } from '../config';
import { placeOf, requestBody, type GeolocatedPlace, type GeolocationQuery } from './google-format';

/**
 * A Google Geolocation API-compatible service (GEOLOCATION_URL, GEOLOCATION_KEY): Google's
 * https://www.googleapis.com/geolocation/v1/geolocate, beaconDB's https://api.beacondb.net/v1/geolocate,
 * as Traccar's UniversalGeolocationProvider calls them. A call waits at most the timeout and never
 * throws: it tells a place, or why not and whether asking again later may help.
 *
 * What is sent is where a person is (the networks around their watch): only to the service
 * configured, and never logged. The reasons told back name no network, place or key.
 */
export type GeolocationResult = { ok: true; place: GeolocatedPlace } | { ok: false; retry: boolean; reason: string };

export interface GeolocationService {
  locate(query: GeolocationQuery, signal?: AbortSignal): Promise<GeolocationResult>;
}

export interface GeolocationOptions {
  url: string;
  /** Sent as `?key=` (Google's); beaconDB needs none. */
  key?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** An answer larger than this is no geolocation answer. */
const MAX_ANSWER_CHARS = 64 * 1024;

/** The service's URL with the key, as Google expects it. */
export function geolocateUrl(base: string, key: string): URL {
  const url = new URL(base);
  if (key) url.searchParams.set('key', key);
  return url;
}

/**
 * What an HTTP error means. Google answers 404 when the networks cannot be placed and 400 when the
 * request is not understood: asking again will not help. 401, 403 (a key refused, a quota spent),
 * 429 and 5xx may pass.
 */
function failureOf(status: number): GeolocationResult {
  if (status === 404) return { ok: false, retry: false, reason: 'not found' };
  if (status === 400) return { ok: false, retry: false, reason: 'request refused (HTTP 400)' };
  return { ok: false, retry: true, reason: `HTTP ${status}` };
}

export function createGeolocationService(options: GeolocationOptions): GeolocationService {
  const url = geolocateUrl(options.url, options.key ?? ''); // a malformed URL fails at start, not at the first fix
  const timeoutMs = options.timeoutMs ?? 5000;
  const doFetch = options.fetch ?? fetch;
  return {
    async locate(query, signal) {
      const deadline = AbortSignal.timeout(timeoutMs);
      try {
        const res = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: requestBody(query),
          signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
          redirect: 'error',
        });
        if (!res.ok) {
          await res.body?.cancel();
          return failureOf(res.status);
        }
        const text = await res.text();
        let answer: unknown = null;
        try {
          if (text.length <= MAX_ANSWER_CHARS) answer = JSON.parse(text);
        } catch {
          // not JSON: no place
        }
        const place = placeOf(answer);
        return place ? { ok: true, place } : { ok: false, retry: true, reason: 'invalid answer' };
      } catch {
        return { ok: false, retry: true, reason: deadline.aborted ? 'timeout' : signal?.aborted ? 'cancelled' : 'unreachable' };
      }
    },
  };
}

/** The configured service, or null when GEOLOCATION_URL is empty (then no fix is ever sent anywhere). */
export function geolocationServiceOf(config: Pick<Config, 'geolocation'>): GeolocationService | null {
  const { url, key, timeoutMs } = config.geolocation;
  return url ? createGeolocationService({ url, key, timeoutMs }) : null;
}
