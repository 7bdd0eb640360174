import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { addressOf, createGeocoder, geocoderOf } from '../../server/geocoding/geocoder';
import { placesOf, searchUrl } from '../../server/geocoding/search';

describe('reverse geocoder (Nominatim-compatible)', () => {
  const seen: { url: URL; agent: string | undefined }[] = [];
  let server: http.Server;
  let base = '';
  let mode: 'ok' | 'fail' | 'hang' | 'garbage' = 'ok';
  const hanging = new Set<http.ServerResponse>();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      seen.push({ url, agent: req.headers['user-agent'] });
      if (mode === 'hang') return void hanging.add(res);
      if (mode === 'fail') return void res.writeHead(503).end();
      if (mode === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('not json');
      const lang = url.searchParams.get('accept-language');
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({ display_name: 'x', address: { road: 'Vesterbrogade', house_number: '1', postcode: '1620', city: lang === 'da-DK' ? 'København' : 'Copenhagen' } }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const r of hanging) r.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('asks /reverse in the receiver language with a User-Agent, and caches the answer', async () => {
    const geo = createGeocoder({ url: base, userAgent: 'Vigil-test/1' });
    expect(await geo.reverse(55.67610, 12.56830, 'da-DK')).toBe('Vesterbrogade 1, 1620 København');
    expect(await geo.reverse(55.676101, 12.568301, 'da-DK')).toBe('Vesterbrogade 1, 1620 København');
    expect(await geo.reverse(55.6761, 12.5683, 'en')).toBe('Vesterbrogade 1, 1620 Copenhagen');
    expect(seen).toHaveLength(2);
    const first = seen[0]!;
    expect(first.url.pathname).toBe('/reverse');
    expect(Object.fromEntries(first.url.searchParams)).toMatchObject({ format: 'jsonv2', lat: '55.676100', lon: '12.568300', 'accept-language': 'da-DK' });
    expect(first.agent).toBe('Vigil-test/1');
  });

  it('answers null, never throws, on a failure, a hang (within the timeout) and garbage; bad coordinates ask nothing', async () => {
    const geo = createGeocoder({ url: `${base}/reverse`, timeoutMs: 300 });
    mode = 'fail';
    expect(await geo.reverse(10, 10, 'en')).toBeNull();
    mode = 'garbage';
    expect(await geo.reverse(11, 11, 'en')).toBeNull();
    mode = 'hang';
    const began = Date.now();
    expect(await geo.reverse(12, 12, 'en')).toBeNull();
    expect(Date.now() - began).toBeLessThan(2000);
    const before = seen.length;
    expect(await geo.reverse(Number.NaN, 12, 'en')).toBeNull();
    expect(await geo.reverse(91, 12, 'en')).toBeNull();
    // A failure is remembered for a while: the same place is not asked again at once.
    expect(await geo.reverse(10, 10, 'en')).toBeNull();
    expect(seen.length).toBe(before);
    mode = 'ok';
  });

  it('is off without GEOCODER_URL, on with it', () => {
    expect(geocoderOf(loadConfig({}))).toBeNull();
    expect(geocoderOf(loadConfig({ GEOCODER_URL: base }))).not.toBeNull();
    expect(loadConfig({ GEOCODER_URL: base, PUBLIC_URL: 'https://v.example' }).geocoder.userAgent).toBe('Vigil/0.1 (https://v.example)');
  });

  it('makes a short address, cleaned of control characters', () => {
    expect(addressOf({ address: { road: 'Main\u0000 St', house_number: '5', town: 'Ribe' } })).toBe('Main St 5, Ribe');
    expect(addressOf({ display_name: 'Somewhere, Denmark' })).toBe('Somewhere, Denmark');
    expect(addressOf({ error: 'Unable to geocode' })).toBeNull();
    expect(addressOf(null)).toBeNull();
  });

  it('searches at /search beside /reverse, whichever GEOCODER_URL names, and keeps only well-formed places', () => {
    for (const base of ['https://geo.example/nominatim', 'https://geo.example/nominatim/', 'https://geo.example/nominatim/reverse', 'https://geo.example/nominatim/reverse.php?x=1']) {
      const url = searchUrl(base, 'Main St 5', 'nb');
      expect(`${url.origin}${url.pathname}`).toBe('https://geo.example/nominatim/search');
      expect(Object.fromEntries(url.searchParams)).toEqual({ format: 'jsonv2', q: 'Main St 5', limit: '5', 'accept-language': 'nb-NO' });
    }
    expect(placesOf([{ lat: '55.1', lon: '12.2', display_name: 'Main\u202e St 5' }, { lat: '95', lon: '0', display_name: 'Off the globe' }, { lat: 'x', lon: '1', display_name: 'No number' }, null])).toEqual([
      { name: 'Main St 5', lat: 55.1, lng: 12.2 },
    ]);
    expect(placesOf({ error: 'nope' })).toBeNull();
  });
});
