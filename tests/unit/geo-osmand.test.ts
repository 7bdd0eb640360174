import { describe, expect, it } from 'vitest';
import { parseRequest, parseTimestamp } from '../../server/protocols/osmand/decoder';
import { refusal, timeWindow } from '../../server/ingest/guards';

const now = new Date('2026-11-20T12:00:00Z');

describe('OsmAnd messages', () => {
  it('reads the query of Traccar Client for Android', () => {
    const r = parseRequest('/?id=123456&timestamp=1795608000&lat=55.67&lon=12.56&speed=1.5&bearing=90&altitude=12&accuracy=8&batt=77&charge=true&alarm=sos&mock=false', undefined, '', now);
    expect(r).toMatchObject({ ok: true, uniqueId: '123456' });
    if (!r.ok) return;
    expect(r.fixes[0]).toMatchObject({ latitude: 55.67, longitude: 12.56, speed: 1.5, course: 90, altitude: 12, accuracy: 8, battery: 77, charging: true, alarm: 'sos', attributes: { alarm: 'sos', mock: false } });
    expect(r.fixes[0]!.fixTime.toISOString()).toBe('2026-11-25T12:00:00.000Z');
  });

  it('reads a form body, deviceid and location=lat,lon', () => {
    const r = parseRequest('/ingest/osmand', 'application/x-www-form-urlencoded', 'deviceid=abc&location=1.5%2C2.5&timestamp=2026-11-20%2011%3A00%3A00', now);
    expect(r.ok && r.fixes[0]).toMatchObject({ latitude: 1.5, longitude: 2.5, fixTime: new Date('2026-11-20T11:00:00Z') });
  });

  it('reads the JSON of Traccar Client 9, a location or a batch, alarms in extras', () => {
    const location = { timestamp: '2026-11-20T11:59:00.000Z', coords: { latitude: 1, longitude: 2, accuracy: 4, speed: -1, heading: -1, altitude: 5 }, battery: { level: 0.42, is_charging: false }, extras: { alarm: 'fallDown' } };
    const one = parseRequest('/', 'application/json; charset=utf-8', JSON.stringify({ device_id: 'x1', location }), now);
    expect(one.ok && one.fixes[0]).toMatchObject({ latitude: 1, longitude: 2, accuracy: 4, speed: null, course: null, battery: 42, charging: false, alarm: 'fall' });
    const batch = parseRequest('/', 'application/json', JSON.stringify({ device_id: 'x1', locations: [location, location] }), now);
    expect(batch.ok && batch.fixes).toHaveLength(2);
    // A device id given as a number, and a JSON body sent without its content type.
    expect(parseRequest('/', undefined, JSON.stringify({ device_id: 77, location }), now)).toMatchObject({ ok: true, uniqueId: '77' });
  });

  it('names what is wrong with a malformed message', () => {
    expect(parseRequest('/?id=1&lat=x&lon=2', undefined, '', now)).toMatchObject({ ok: false, reason: 'malformed coordinates' });
    expect(parseRequest('/?id=1&lat=91&lon=2', undefined, '', now)).toMatchObject({ ok: false, reason: 'malformed coordinates' });
    expect(parseRequest('/?id=1&lat=1', undefined, '', now)).toMatchObject({ ok: false, reason: 'malformed coordinates' });
    expect(parseRequest('/?lat=1&lon=2', undefined, '', now)).toMatchObject({ ok: false, reason: 'missing device id' });
    expect(parseRequest('/?id=1&timestamp=soon', undefined, '', now)).toMatchObject({ ok: false, reason: 'malformed timestamp' });
    expect(parseRequest('/', 'application/json', '{"device_id":', now)).toMatchObject({ ok: false, reason: 'malformed JSON' });
    expect(parseRequest('/', 'application/json', '{"device_id":"1","location":{},"locations":[]}', now)).toMatchObject({ ok: false, reason: 'missing location' });
  });

  it('reads timestamps in seconds, milliseconds, ISO and yyyy-MM-dd HH:mm:ss (UTC)', () => {
    expect(parseTimestamp('1795608000').getTime()).toBe(1795608000_000);
    expect(parseTimestamp('1795608000123').getTime()).toBe(1795608000123);
    expect(parseTimestamp('2026-11-20T11:00:00+01:00').toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(parseTimestamp('2026-11-20 11:00:00').toISOString()).toBe('2026-11-20T11:00:00.000Z');
  });

  it('marks fixes from the future and the distant past (stored, kept out of alarms), and refuses impossible numbers', () => {
    const fix = (over: object) => ({ ...(parseRequest('/?id=1&lat=1&lon=2', undefined, '', now) as { fixes: object[] }).fixes[0]!, ...over }) as Parameters<typeof refusal>[0];
    expect(refusal(fix({}))).toBeUndefined();
    expect(timeWindow(now, now.getTime())).toBeNull();
    expect(timeWindow(new Date(now.getTime() + 11 * 60_000), now.getTime())).toBe('future');
    expect(timeWindow(new Date(now.getTime() - 31 * 24 * 3600_000), now.getTime())).toBe('old');
    expect(refusal(fix({ fixTime: new Date(now.getTime() + 11 * 60_000) }))).toBeUndefined();
    expect(refusal(fix({ fixTime: new Date(-1) }))).toBe('malformed timestamp');
    expect(refusal(fix({ accuracy: 1e9 }))).toBe('malformed accuracy');
    expect(refusal(fix({ battery: 101 }))).toBe('malformed battery');
  });
});
