import { describe, expect, it } from 'vitest';
import { placeOf, queryOf, requestBody } from '../../server/geolocation/google-format';
import { geolocateUrl, geolocationServiceOf } from '../../server/geolocation/service';
import { geolocateJobs } from '../../server/ingest/geolocation-queue';
import { loadConfig } from '../../server/config';
import type { Fix } from '../../server/protocols/types';
import { bodyProblems } from '../support/geolocation-stand-in';

const cell = { mobileCountryCode: 238, mobileNetworkCode: 1, locationAreaCode: 2010, cellId: 52321 };

describe("the Google Geolocation API's request and answer", () => {
  it('asks about the cells and access points of a stored network, leaving out what is not one', () => {
    const query = queryOf({
      cellTowers: [
        { ...cell, signalStrength: -71 },
        { ...cell, mobileCountryCode: -1 },
        { ...cell, cellId: 2 ** 40 },
        { ...cell, locationAreaCode: 1.5 },
        { ...cell, cellId: '5' },
        null,
      ],
      wifiAccessPoints: [{ macAddress: 'AA-BB-CC-00-11-22', signalStrength: -60 }, { macAddress: 'not:a:mac', signalStrength: -80 }, { macAddress: 'aabbcc001133', signalStrength: 'strong' }, 'x'],
    });
    expect(query).toEqual({
      cellTowers: [{ ...cell, signalStrength: -71 }],
      wifiAccessPoints: [{ macAddress: 'aa:bb:cc:00:11:22', signalStrength: -60 }, { macAddress: 'aa:bb:cc:00:11:33' }],
    });
    expect(JSON.parse(requestBody(query!))).toEqual({ considerIp: false, ...query });
    expect(bodyProblems(JSON.parse(requestBody(query!)))).toEqual([]);
  });

  it('asks nothing about a network without one usable cell or access point, and at most 32 of each', () => {
    expect(queryOf(null)).toBeNull();
    expect(queryOf([cell])).toBeNull();
    expect(queryOf({ cellTowers: [{ ...cell, mobileNetworkCode: 1000 }], wifiAccessPoints: [] })).toBeNull();
    const many = queryOf({ cellTowers: Array.from({ length: 40 }, (_, i) => ({ ...cell, cellId: i })) });
    expect(many?.cellTowers).toHaveLength(32);
    expect(JSON.parse(requestBody(many!))).toEqual({ considerIp: false, cellTowers: many!.cellTowers });
  });

  it('takes a place only from a well-formed answer', () => {
    expect(placeOf({ location: { lat: 55.76, lng: 12.45 }, accuracy: 35 })).toEqual({ lat: 55.76, lng: 12.45, accuracy: 35 });
    expect(placeOf({ location: { lat: 55.76, lng: 12.45 } })).toEqual({ lat: 55.76, lng: 12.45, accuracy: null });
    expect(placeOf({ location: { lat: 55.76, lng: 12.45 }, accuracy: -3 })).toEqual({ lat: 55.76, lng: 12.45, accuracy: null });
    for (const bad of [
      null,
      'text',
      { location: { lat: 123.4, lng: 12.5 }, accuracy: 40 },
      { location: { lat: 55, lng: 181 }, accuracy: 40 },
      { location: { lat: 0, lng: 0 }, accuracy: 40 },
      { location: { lat: '55', lng: '12' }, accuracy: 40 },
      { location: [55, 12], accuracy: 40 },
      { error: { code: 404, message: 'Not Found' }, location: { lat: 55, lng: 12 } },
    ]) expect(placeOf(bad), JSON.stringify(bad)).toBeNull();
  });
});

describe('the geolocation service as configured', () => {
  it('is off without GEOLOCATION_URL, a key alone included, and sends the key as Google expects', () => {
    expect(loadConfig({}).geolocation).toEqual({ url: '', key: '', timeoutMs: 5000, perMinute: 300 });
    expect(geolocationServiceOf(loadConfig({ GEOLOCATION_KEY: 'k' }))).toBeNull();
    expect(geolocationServiceOf(loadConfig({ GEOLOCATION_URL: 'https://api.beacondb.net/v1/geolocate' }))).not.toBeNull();
    expect(() => geolocationServiceOf(loadConfig({ GEOLOCATION_URL: 'not a url' }))).toThrow();
    expect(geolocateUrl('https://www.googleapis.com/geolocation/v1/geolocate', 'a b&c').toString()).toBe('https://www.googleapis.com/geolocation/v1/geolocate?key=a+b%26c');
    expect(geolocateUrl('https://api.beacondb.net/v1/geolocate', '').toString()).toBe('https://api.beacondb.net/v1/geolocate');
    expect(geolocateUrl('https://geo.example/v1/geolocate?tenant=7', 'k').toString()).toBe('https://geo.example/v1/geolocate?tenant=7&key=k');
  });
});

describe('which fixes of a batch are geolocated', () => {
  const fix = (over: Partial<Fix>): Fix => ({
    fixTime: new Date('2026-03-01T10:00:00Z'), latitude: null, longitude: null, accuracy: null, speed: null, course: null, altitude: null, battery: 55,
    charging: null, alarm: null, valid: false, attributes: {}, network: { cellTowers: [cell] }, window: null, ...over,
  });
  const device = { id: '11111111-1111-4111-8111-111111111111', tenantId: '22222222-2222-4222-8222-222222222222' };

  it('those stored at the last known place and those its device had no place for, with a network; each once', () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute));
    const fixes = [
      { id: 'stored', fix: fix({ fixTime: at(5) }), stored: true },
      { id: 'replay', fix: fix({ fixTime: at(4) }), stored: false },
      { id: 'unplaced', fix: fix({ fixTime: at(3), attributes: { steps: 12 } }), stored: false },
      { id: 'gps', fix: fix({ fixTime: at(2), latitude: 55, longitude: 12, valid: true }), stored: true },
      { id: 'no-network', fix: fix({ fixTime: at(1), network: null }), stored: true },
      { id: 'empty-network', fix: fix({ fixTime: at(6), network: { wifiAccessPoints: [] } }), stored: true },
      { id: 'status', fix: fix({ fixTime: at(7), statusOnly: true }), stored: false },
    ];
    const jobs = geolocateJobs([{ device, fixes }], new Set(['stored', 'replay', 'no-network', 'empty-network']));
    expect(jobs).toEqual([
      {
        kind: 'position.geolocate',
        uniqueKey: `position.geolocate:${device.id}:2026-03-01T10:03:00.000Z`,
        payload: {
          deviceId: device.id, positionId: 'unplaced', fixTime: '2026-03-01T10:03:00.000Z',
          unplaced: { tenantId: device.tenantId, altitude: null, speed: null, course: null, battery: 55, attributes: JSON.stringify({ steps: 12, network: { cellTowers: [cell] } }) },
        },
      },
      { kind: 'position.geolocate', uniqueKey: `position.geolocate:${device.id}:2026-03-01T10:05:00.000Z`, payload: { deviceId: device.id, positionId: 'stored', fixTime: '2026-03-01T10:05:00.000Z' } },
    ]);
  });
});
