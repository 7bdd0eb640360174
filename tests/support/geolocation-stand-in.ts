import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the Google Geolocation API (POST /geolocation/v1/geolocate?key=..., as Google,
 * beaconDB and Traccar's UniversalGeolocationProvider speak it) on 127.0.0.1. It checks each
 * request as Google documents it: a POST with a JSON body of the known fields only, `considerIp`
 * a boolean, every cell tower with its four numbers in range, every access point with a MAC
 * address in hex pairs; and the key. A request that fails a check is answered 400 with Google's
 * error body and its problems are recorded. Otherwise it answers as told: a place, 404 (Google's
 * notFound), 500, text that is not JSON, a place out of range, or nothing (it hangs until
 * released, or until the test stops it).
 */

export const GEOLOCATE_PATH = '/geolocation/v1/geolocate';

export type GeolocationBehaviour = { place: { lat: number; lng: number; accuracy: number } } | 404 | 500 | 'garbage' | 'outOfRange' | 'hang';

export interface GeolocationRequest {
  method: string;
  path: string;
  key: string | null;
  contentType: string | undefined;
  /** The body parsed as JSON (the text when it is not JSON). */
  body: unknown;
  /** What is not as Google documents it (empty for a well-formed request). */
  problems: string[];
  answered: number | 'hung';
}

export interface GeolocationStandIn {
  /** The geolocate URL to configure (GEOLOCATION_URL). */
  url: string;
  requests: GeolocationRequest[];
  /** How the next requests are answered. */
  answer(behaviour: GeolocationBehaviour): void;
  /** Answers the requests now hanging with a place. */
  release(place: { lat: number; lng: number; accuracy: number }): void;
  /** Resolves once `count` requests were received in all. */
  received(count: number, timeoutMs?: number): Promise<GeolocationRequest[]>;
  stop(): Promise<void>;
}

const REQUEST_FIELDS = new Set(['homeMobileCountryCode', 'homeMobileNetworkCode', 'radioType', 'carrier', 'considerIp', 'cellTowers', 'wifiAccessPoints']);
const CELL_FIELDS = new Set(['cellId', 'newRadioCellId', 'locationAreaCode', 'mobileCountryCode', 'mobileNetworkCode', 'age', 'signalStrength', 'timingAdvance']);
const WIFI_FIELDS = new Set(['macAddress', 'signalStrength', 'age', 'channel', 'signalToNoiseRatio']);
const MAC = /^[0-9a-f]{2}([:-][0-9a-f]{2}){5}$/i;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const whole = (v: unknown, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max;

/** What is wrong with a request body, as Google's geolocate documents its fields. */
export function bodyProblems(body: unknown): string[] {
  if (!isRecord(body)) return ['the body is not a JSON object'];
  const problems = Object.keys(body).filter((k) => !REQUEST_FIELDS.has(k)).map((k) => `unknown field ${k}`);
  if (body.considerIp !== undefined && typeof body.considerIp !== 'boolean') problems.push('considerIp is not a boolean');
  for (const [field, known, check] of [
    ['cellTowers', CELL_FIELDS, (c: Record<string, unknown>) => whole(c.mobileCountryCode, 999) && whole(c.mobileNetworkCode, 999) && whole(c.locationAreaCode, 0xffffffff) && whole(c.cellId, 2 ** 36)],
    ['wifiAccessPoints', WIFI_FIELDS, (w: Record<string, unknown>) => typeof w.macAddress === 'string' && MAC.test(w.macAddress)],
  ] as const) {
    const list = body[field];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      problems.push(`${field} is not an array`);
      continue;
    }
    for (const [i, item] of list.entries()) {
      if (!isRecord(item)) problems.push(`${field}[${i}] is not an object`);
      else {
        for (const k of Object.keys(item)) if (!known.has(k)) problems.push(`${field}[${i}] has an unknown field ${k}`);
        if (!check(item)) problems.push(`${field}[${i}] is malformed`);
        if (item.signalStrength !== undefined && typeof item.signalStrength !== 'number') problems.push(`${field}[${i}].signalStrength is not a number`);
      }
    }
  }
  return problems;
}

const googleError = (code: number, reason: string, message: string) => JSON.stringify({ error: { errors: [{ domain: code === 404 ? 'geolocation' : 'global', reason, message }], code, message } });

export async function startGeolocationStandIn(key: string | null): Promise<GeolocationStandIn> {
  let behaviour: GeolocationBehaviour = { place: { lat: 55.6, lng: 12.5, accuracy: 40 } };
  const requests: GeolocationRequest[] = [];
  const hanging = new Map<http.ServerResponse, GeolocationRequest>();
  const waiters: (() => void)[] = [];
  const json = { 'content-type': 'application/json; charset=UTF-8' };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text: a problem below
      }
      const problems = [
        ...(req.method === 'POST' ? [] : [`method ${req.method}`]),
        ...(url.pathname === GEOLOCATE_PATH ? [] : [`path ${url.pathname}`]),
        ...(req.headers['content-type']?.startsWith('application/json') ? [] : ['content-type is not JSON']),
        ...(key !== null && url.searchParams.get('key') !== key ? ['key missing or wrong'] : []),
        ...bodyProblems(body),
      ];
      const seen: GeolocationRequest = { method: req.method ?? '', path: url.pathname, key: url.searchParams.get('key'), contentType: req.headers['content-type'], body, problems, answered: 'hung' };
      requests.push(seen);
      for (const w of waiters.splice(0)) w();
      const answer = (status: number, out: string, headers: Record<string, string> = json) => {
        seen.answered = status;
        res.writeHead(status, headers).end(out);
      };
      if (problems.length) return answer(400, googleError(400, problems.some((p) => p.startsWith('key')) ? 'keyInvalid' : 'parseError', problems.join('; ')));
      const b = behaviour;
      if (b === 'hang') return void hanging.set(res, seen);
      if (b === 404) return answer(404, googleError(404, 'notFound', 'Not Found'));
      if (b === 500) return answer(500, googleError(500, 'backendError', 'Backend Error'));
      if (b === 'garbage') return answer(200, '<html>not json</html>', { 'content-type': 'text/html' });
      if (b === 'outOfRange') return answer(200, JSON.stringify({ location: { lat: 123.4, lng: 12.5 }, accuracy: 40 }));
      return answer(200, JSON.stringify({ location: { lat: b.place.lat, lng: b.place.lng }, accuracy: b.place.accuracy }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `${base}${GEOLOCATE_PATH}`,
    requests,
    answer(b) {
      behaviour = b;
    },
    release(place) {
      for (const [res, seen] of hanging) {
        if (res.destroyed) continue;
        seen.answered = 200;
        res.writeHead(200, json).end(JSON.stringify({ location: { lat: place.lat, lng: place.lng }, accuracy: place.accuracy }));
      }
      hanging.clear();
    },
    async received(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (requests.length < count) {
        const left = until - Date.now();
        if (left <= 0) throw new Error(`the geolocation stand-in received ${requests.length} requests, not ${count}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return requests.slice(0, count);
    },
    async stop() {
      for (const res of hanging.keys()) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
