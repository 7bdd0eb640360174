import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { demoDevices } from '../support/osmand';
import { MAX_AGE_MS } from '../../server/ingest/guards';

/**
 * Issue 17, item 11: every sample request of Traccar's OsmAnd decoder test, replayed on both ingest
 * endpoints (the ingest port and /ingest/osmand), and what Vigil stores checked against what
 * Traccar's decoder makes of it. The samples and the facts come from the fixtures, which name
 * their source: traccar/traccar src/test/java/org/traccar/protocol/OsmAndProtocolDecoderTest.java
 * (commit 24157c0a) and src/main/java/org/traccar/protocol/OsmAndProtocolDecoder.java. Where Vigil
 * stores something else, the fixture says so with its reason (`vigil`), and
 * docs/decisions/015-tracking-ingest-evaluation-alarms.md holds the decision.
 * Each sample is checked alone: the device's positions are cleared
 * before it, as each of Traccar's samples is decoded on its own (several share a device and a
 * time, which Vigil's unique (device, fix time) would otherwise keep once).
 */

interface Expect {
  status: number;
  time?: string;
  latitude?: number;
  longitude?: number;
  altitude?: number;
  accuracy?: number;
  speed?: number | null;
  course?: number | null;
  battery?: number | null;
  attributes?: Record<string, unknown>;
  network?: Record<string, unknown>;
}
interface Sample {
  line: number;
  verify?: string;
  request?: string;
  body?: string;
  expect: Expect;
  vigil?: string;
}
interface Fixture {
  source: { repository: string; file: string; commit: string; decoder: string };
  samples: Sample[];
}

const load = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/traccar-osmand/${name}`, import.meta.url), 'utf8')) as Fixture;
const QUERY = load('query-samples.json');
const JSON_SAMPLES = load('json-samples.json');

/** The device ids the samples name (registered in the demo tenant by the test). */
const SAMPLE_IDS = ['123456', '902064', '353861053849681', '861001000719969', '123456789012345', '48241179', '658765', '8737767034'];
/** A Wi-Fi network of the tenant with a MAC the line-35 sample saw. */
const SAMPLE_WIFI = { mac: '00:14:22:01:23:45', lat: 55.7, lon: 12.55 };

function deviceOf(sample: Sample): string {
  if (sample.body) return (JSON.parse(sample.body) as { device_id: string }).device_id;
  const params = new URLSearchParams(sample.request!.slice(2));
  return params.get('id') ?? params.get('deviceid') ?? '';
}

describe.each(DATABASES)("Traccar's OsmAnd decoder samples on $name", ({ url }) => {
  let server: TestServer;
  let port: string;
  const devices = new Map<string, string>();

  beforeAll(async () => {
    server = await startServer(url, { ingestPort: 0 });
    port = `http://127.0.0.1:${server.config.ingestPort}`;
    const db = server.database.db;
    const { mum } = await demoDevices(db);
    for (const imei of SAMPLE_IDS) {
      const id = randomUUID();
      devices.set(imei, id);
      await db.insertInto('devices').values({ id, tenant_id: mum.tenant_id, owner_user_id: null, name: `Traccar sample ${imei}`, imei, model: 'watch4', concurrency_stamp: randomUUID(), creator_id: null }).execute();
    }
    await db
      .insertInto('wifis')
      .values({ id: randomUUID(), tenant_id: mum.tenant_id, mac_address: SAMPLE_WIFI.mac, latitude: SAMPLE_WIFI.lat, longitude: SAMPLE_WIFI.lon, concurrency_stamp: randomUUID() })
      .execute();
  });
  afterAll(async () => server?.stop());

  const positionsOf = (deviceId: string) => server.database.db.selectFrom('positions').selectAll().where('device_id', '=', deviceId).execute();

  /** Sends a sample to one endpoint: the query form as the test's request line, the JSON form as its body. */
  async function send(sample: Sample, endpoint: 'port' | 'path'): Promise<number> {
    const base = endpoint === 'port' ? port : `${server.url}/ingest/osmand`;
    const res = sample.body
      ? await fetch(`${base}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: sample.body })
      : await fetch(`${base}${endpoint === 'port' ? sample.request! : sample.request!.slice(1)}`, { method: 'POST' });
    await res.arrayBuffer();
    return res.status;
  }

  async function check(sample: Sample, endpoint: 'port' | 'path', source: string): Promise<void> {
    const what = `${source} line ${sample.line} on the ${endpoint === 'port' ? 'ingest port' : '/ingest/osmand'}`;
    const deviceId = devices.get(deviceOf(sample));
    if (deviceId) await server.database.db.deleteFrom('positions').where('device_id', '=', deviceId).execute();
    const before = Date.now();
    expect(await send(sample, endpoint), what).toBe(sample.expect.status);
    const after = Date.now();
    if (sample.expect.status !== 200 || !deviceId) return;
    const stored = await positionsOf(deviceId);
    expect(stored, what).toHaveLength(1);
    const p = stored[0]!;
    const e = sample.expect;
    if (e.time === 'now') {
      expect(p.fix_time.getTime(), what).toBeGreaterThanOrEqual(before - 1000);
      expect(p.fix_time.getTime(), what).toBeLessThanOrEqual(after + 1000);
    } else {
      expect(p.fix_time.toISOString(), what).toBe(e.time);
    }
    if (e.latitude !== undefined) expect(p.latitude, what).toBeCloseTo(e.latitude, 6);
    if (e.longitude !== undefined) expect(p.longitude, what).toBeCloseTo(e.longitude, 6);
    // altitude, speed, course, accuracy and battery are real (float4) columns.
    for (const key of ['altitude', 'accuracy', 'speed', 'course', 'battery'] as const) {
      const want = e[key];
      if (want === undefined) continue;
      if (want === null) expect(p[key], `${what}: ${key}`).toBeNull();
      else expect(p[key], `${what}: ${key}`).toBeCloseTo(want, 3);
    }
    const attributes = (p.attributes ?? {}) as Record<string, unknown>;
    // Vigil's own mark: a fix older than the evaluation window is history only (issue 17, item 7).
    const old = p.fix_time.getTime() < before - MAX_AGE_MS;
    expect(attributes.window, what).toBe(old ? 'old' : undefined);
    if (e.attributes) {
      const { window: _window, ...rest } = attributes;
      expect(rest, what).toEqual(e.attributes);
    }
    if (e.network) expect(attributes.network, what).toEqual(e.network);
  }

  it(`stores every query sample of ${QUERY.source.file} (testDecodeQuery) as Traccar does, on both endpoints`, async () => {
    for (const sample of QUERY.samples) {
      if (sample.line === 35) continue; // the network-only sample: its own test below
      for (const endpoint of ['port', 'path'] as const) await check(sample, endpoint, QUERY.source.file);
    }
  });

  it(`stores every JSON sample of ${JSON_SAMPLES.source.file} (testDecodeJson) as Traccar does, on both endpoints`, async () => {
    for (const sample of JSON_SAMPLES.samples) for (const endpoint of ['port', 'path'] as const) await check(sample, endpoint, JSON_SAMPLES.source.file);
  });

  it('keeps the network of the cell and Wi-Fi sample (line 35) and places it at the tenant Wi-Fi network it saw, marked approximate', async () => {
    const sample = QUERY.samples.find((s) => s.line === 35)!;
    const deviceId = devices.get('123456')!;
    for (const endpoint of ['port', 'path'] as const) {
      await server.database.db.deleteFrom('positions').where('device_id', '=', deviceId).execute();
      expect(await send(sample, endpoint)).toBe(200);
      const [p, ...more] = await positionsOf(deviceId);
      expect(more).toEqual([]);
      expect(p!.fix_time.toISOString()).toBe(sample.expect.time);
      expect([p!.latitude, p!.longitude]).toEqual([SAMPLE_WIFI.lat, SAMPLE_WIFI.lon]);
      expect(p!.attributes).toEqual({ network: sample.expect.network, approximate: true, locatedBy: 'wifi', wifi: SAMPLE_WIFI.mac, window: 'old' });
    }
  });

  it('keeps a network-only message of a device with no known Wi-Fi at its last known place, marked approximate, and stores none without one', async () => {
    const deviceId = devices.get('902064')!;
    const db = server.database.db;
    await db.deleteFrom('positions').where('device_id', '=', deviceId).execute();
    const network = '/?id=902064&cell=257,02,16,2224&wifi=AA-BB-CC-00-11-22,-60';
    // No last known place yet (this device's samples were all outside the evaluation window): answered, nothing stored.
    expect((await fetch(`${port}${network}&timestamp=${Math.floor(Date.now() / 1000) - 120}`, { method: 'POST' })).status).toBe(200);
    expect(await positionsOf(deviceId)).toEqual([]);
    // A fix gives it a place; the next network-only message is kept there, marked approximate.
    const t = Math.floor(Date.now() / 1000) - 60;
    expect((await fetch(`${port}/?id=902064&lat=55.61&lon=12.51&timestamp=${t}`, { method: 'POST' })).status).toBe(200);
    expect((await fetch(`${server.url}/ingest/osmand${network.slice(1)}&timestamp=${t + 30}`, { method: 'POST' })).status).toBe(200);
    const rows = (await positionsOf(deviceId)).sort((a, b) => a.fix_time.getTime() - b.fix_time.getTime());
    expect(rows.map((r) => [r.latitude, r.longitude])).toEqual([
      [55.61, 12.51],
      [55.61, 12.51],
    ]);
    expect(rows[1]!.attributes).toEqual({
      network: { cellTowers: [{ mobileCountryCode: 257, mobileNetworkCode: 2, locationAreaCode: 16, cellId: 2224 }], wifiAccessPoints: [{ macAddress: 'AA:BB:CC:00:11:22', signalStrength: -60 }] },
      approximate: true,
      locatedBy: 'lastKnown',
    });
  });
});
