import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCHES_PER_USER } from '../../server/geocoding/place-routes';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { caller } from '../support/api-calls';
import { startMapStandIn, type MapStandIn } from '../support/map-stand-in';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';

const PLACES = [
  { name: 'Vesterbrogade 1, 1620 København V, Danmark', lat: 55.6751, lng: 12.5658 },
  { name: 'Vesterbrogade 1, 6000 Kolding, Danmark', lat: 55.4904, lng: 9.4722 },
  { name: 'Rådhuspladsen 1, 1550 København V, Danmark', lat: 55.6759, lng: 12.5694 },
];
/** Node-wide searches a minute in this file: more than one user's share, fewer than two users'. */
const NODE_CAP = SEARCHES_PER_USER + 5;

/**
 * "Find a place" by address: the server asks the configured geocoder (a local Nominatim stand-in),
 * never the browser; bad input is a 400 in ABP's shape; without a geocoder the route says so.
 */
describe.each(DATABASES)('place search (GET /api/app/places) ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  let geo: MapStandIn;
  const call = caller(() => server);
  let carer: string;
  let staff: string;
  const search = (token: string, query: string, lang = 'en') => call(token, 'GET', `/api/app/places?${new URLSearchParams({ query })}`, undefined, { lang });

  beforeAll(async () => {
    geo = await startMapStandIn(PLACES);
    server = await startServer(databaseUrl, {
      geocoder: { url: geo.url, timeoutMs: 2000, userAgent: 'Vigil/0.1 (http://vigil.test)', searchPerMinute: NODE_CAP },
      signInLimit: { perIp: 1000, perLogin: 1000, windowSeconds: 300 },
    });
    [carer, staff] = await Promise.all([tokensFor(server.url, 'caregiver', DEMO_PASSWORD), tokensFor(server.url, 'staff', DEMO_PASSWORD)]).then((t) => t.map((x) => x.access_token));
  });
  afterAll(async () => {
    await server?.stop();
    await geo?.stop();
  });

  it('finds places by address through the geocoder, asked by the server with Vigil in its User-Agent and the caller language', async () => {
    const res = await search(carer, 'Vesterbrogade 1', 'da');
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      { name: 'Vesterbrogade 1, 1620 København V, Danmark', lat: 55.6751, lng: 12.5658 },
      { name: 'Vesterbrogade 1, 6000 Kolding, Danmark', lat: 55.4904, lng: 9.4722 },
    ]);
    const asked = geo.searches.at(-1)!;
    expect(asked.userAgent).toBe('Vigil/0.1 (http://vigil.test)');
    expect(Object.fromEntries(asked.query)).toEqual({ format: 'jsonv2', q: 'Vesterbrogade 1', limit: '5', 'accept-language': 'da-DK' });
    // Nothing found is an empty list; the same query again is answered from the cache.
    const before = geo.searches.length;
    expect((await search(carer, 'Nowhere Street 99')).body.items).toEqual([]);
    expect((await search(carer, 'vesterbrogade 1', 'da')).body.items).toHaveLength(2);
    expect(geo.searches.length).toBe(before + 1);
  });

  it('refuses bad input as a 400 in ABP shape, anonymous callers as a 401, and says so when the geocoder fails', async () => {
    for (const query of ['', '   ', 'x'.repeat(201)]) {
      const res = await search(carer, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error?.validationErrors?.[0]?.members).toEqual(['query']);
    }
    expect((await call(carer, 'GET', '/api/app/places')).status).toBe(400);
    expect((await fetch(`${server.url}/api/app/places?query=Vesterbrogade`)).status).toBe(401);
    const failed = await search(staff, 'please fail', 'de');
    expect(failed.status).toBe(502);
    expect(failed.body.error?.message).toBe('Die Ortssuche hat nicht geantwortet. Versuchen Sie es erneut oder geben Sie Koordinaten als Breitengrad, Längengrad ein.');
  });

  it('an attacker flooding the search is held to its share, the geocoder sees no more, and the node never sends more than its cap', async () => {
    // A fresh minute for the rate limit (the tests above searched too).
    await server.database.db.deleteFrom('rate_limits').execute();
    const sent = geo.searches.length;
    const flood = await Promise.all(Array.from({ length: 40 }, (_, i) => search(carer, `Flood Street ${i}`, 'da')));
    const statuses = flood.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(SEARCHES_PER_USER);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - SEARCHES_PER_USER);
    const refused = flood.find((r) => r.status === 429)!;
    expect(refused.body.error?.code).toBe('Vigil:TooManyRequests');
    expect(refused.body.error?.message).toMatch(/\S/);
    expect(geo.searches.length - sent).toBeLessThanOrEqual(SEARCHES_PER_USER);

    // Another user still searches, up to what is left of the node's minute; then the node is busy.
    const second = await Promise.all(Array.from({ length: SEARCHES_PER_USER }, (_, i) => search(staff, `Other Street ${i}`)));
    const answered = second.filter((r) => r.status === 200).length;
    const busy = second.filter((r) => r.status === 503);
    expect(answered + busy.length).toBe(SEARCHES_PER_USER);
    // Two users' shares (20) are more than the node's minute (15): some of the second are refused.
    expect(geo.searches.length - sent).toBeLessThanOrEqual(NODE_CAP);
    expect(busy.length).toBeGreaterThanOrEqual(2 * SEARCHES_PER_USER - NODE_CAP);
    expect(busy[0]!.body.error?.code).toBe('Vigil:PlaceSearch.Busy');
  });
});

describe('place search without a geocoder', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('');
  });
  afterAll(async () => server?.stop());

  it('refuses an address in the caller language, saying that coordinates work, and the web app is told not to offer addresses', async () => {
    const token = (await tokensFor(server.url, 'caregiver', DEMO_PASSWORD)).access_token;
    const res = await caller(() => server)(token, 'GET', '/api/app/places?query=Vesterbrogade', undefined, { lang: 'sv' });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe('Sökning på adress är inte inställd här. Ange koordinater som latitud, longitud.');
    expect(res.body.error?.validationErrors?.[0]?.members).toEqual(['query']);
    const config = (await (await fetch(`${server.url}/api/runtime-config`)).json()) as { placeSearch: boolean };
    expect(config.placeSearch).toBe(false);
  });
});
