import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGeolocationService } from '../../server/geolocation/service';
import { freePort } from '../support/server';
import { startGeolocationStandIn, type GeolocationStandIn } from '../support/geolocation-stand-in';

/** The geolocation client against the stand-in of Google's API: what each answer means, and that it never throws. */
describe('geolocation service (Google Geolocation API-compatible)', () => {
  let standIn: GeolocationStandIn;
  const query = { cellTowers: [{ mobileCountryCode: 238, mobileNetworkCode: 1, locationAreaCode: 2010, cellId: 52321 }], wifiAccessPoints: [] };

  beforeAll(async () => (standIn = await startGeolocationStandIn('right-key')));
  afterAll(async () => standIn?.stop());

  it('tells a place, or why not and whether to ask again', async () => {
    const service = createGeolocationService({ url: standIn.url, key: 'right-key', timeoutMs: 500 });
    standIn.answer({ place: { lat: 55.7, lng: 12.5, accuracy: 1200 } });
    expect(await service.locate(query)).toEqual({ ok: true, place: { lat: 55.7, lng: 12.5, accuracy: 1200 } });
    expect(standIn.requests.at(-1)).toMatchObject({ key: 'right-key', problems: [], body: { considerIp: false, cellTowers: query.cellTowers } });
    standIn.answer(404);
    expect(await service.locate(query)).toEqual({ ok: false, retry: false, reason: 'not found' });
    standIn.answer(500);
    expect(await service.locate(query)).toEqual({ ok: false, retry: true, reason: 'HTTP 500' });
    standIn.answer('garbage');
    expect(await service.locate(query)).toEqual({ ok: false, retry: true, reason: 'invalid answer' });
    standIn.answer('outOfRange');
    expect(await service.locate(query)).toEqual({ ok: false, retry: true, reason: 'invalid answer' });
    standIn.answer('hang');
    const began = Date.now();
    expect(await service.locate(query)).toEqual({ ok: false, retry: true, reason: 'timeout' });
    expect(Date.now() - began).toBeLessThan(2000);
  });

  it('is not asked again for a request it refuses (a wrong key: 400), survives a service that is not there, and stops when told', async () => {
    standIn.answer({ place: { lat: 55.7, lng: 12.5, accuracy: 30 } });
    const wrong = createGeolocationService({ url: standIn.url, key: 'wrong-key', timeoutMs: 500 });
    expect(await wrong.locate(query)).toEqual({ ok: false, retry: false, reason: 'request refused (HTTP 400)' });
    expect(standIn.requests.at(-1)!.problems).toEqual(['key missing or wrong']);
    const gone = createGeolocationService({ url: `http://127.0.0.1:${await freePort()}/geolocate`, timeoutMs: 500 });
    expect(await gone.locate(query)).toEqual({ ok: false, retry: true, reason: 'unreachable' });
    const stopped = new AbortController();
    stopped.abort();
    expect(await createGeolocationService({ url: standIn.url, key: 'right-key' }).locate(query, stopped.signal)).toEqual({ ok: false, retry: true, reason: 'cancelled' });
  });
});
