import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { createCircle, demoDevices } from '../support/osmand';
import { startGeolocationStandIn, type GeolocationBehaviour, type GeolocationStandIn } from '../support/geolocation-stand-in';
import { GEOLOCATE } from '../../server/ingest/geolocation-queue';
import { EXIT_CONFIRMATIONS } from '../../server/alarms/evaluate';

/**
 * Fixes with cell towers and Wi-Fi access points but no coordinates, placed by a Google
 * Geolocation API-compatible service (GEOLOCATION_URL, here a local stand-in that checks each
 * request as Google documents it): after the message is stored and answered, by a job; the
 * position and, for display, the device's state move to the answer, marked approximate. A service
 * that fails leaves the position at the last known place; zones are never evaluated on such a place.
 */

const HOME = { lat: 55.6761, lon: 12.5683 };
/** Where the stand-in places the networks: about 10 km from home. */
const AWAY = { lat: 55.7632, lng: 12.4561, accuracy: 35 };
const KEY = 'test-key-7';
/** What the watch saw, as OsmAnd sends it: two cell towers and three access points (one MAC is not one). */
const NETWORK: [string, string][] = [
  ['cell', '238,1,2010,52321,-71'],
  ['cell', '238,1,2010,52322'],
  ['wifi', 'AA-BB-CC-00-11-22,-60'],
  ['wifi', 'aa:bb:cc:00:11:33,-72'],
  ['wifi', 'not-a-mac,-80'],
];
/** The network as the position keeps it (Traccar's shapes). */
const STORED_NETWORK = {
  cellTowers: [
    { mobileCountryCode: 238, mobileNetworkCode: 1, locationAreaCode: 2010, cellId: 52321, signalStrength: -71 },
    { mobileCountryCode: 238, mobileNetworkCode: 1, locationAreaCode: 2010, cellId: 52322 },
  ],
  wifiAccessPoints: [
    { macAddress: 'AA:BB:CC:00:11:22', signalStrength: -60 },
    { macAddress: 'aa:bb:cc:00:11:33', signalStrength: -72 },
    { macAddress: 'not:a:mac', signalStrength: -80 },
  ],
};
/** And as Google's request carries it: never the server's IP address, only real MACs. */
const GOOGLE_BODY = {
  considerIp: false,
  cellTowers: STORED_NETWORK.cellTowers,
  wifiAccessPoints: [
    { macAddress: 'aa:bb:cc:00:11:22', signalStrength: -60 },
    { macAddress: 'aa:bb:cc:00:11:33', signalStrength: -72 },
  ],
};

/** Polls until `ok` holds of what `read` gives. */
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A server with its own watches, and what the tests send and read. */
function ingestHelpers(get: () => TestServer) {
  let imeis = 0;
  /** Whole seconds (OsmAnd's timestamp), an hour ago onwards, one minute per fix. */
  let clock = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
  const db = () => get().database.db;
  const post = async (params: [string, string][]) => {
    const res = await fetch(`${get().url}/ingest/osmand?${new URLSearchParams(params).toString()}`, { method: 'POST' });
    await res.arrayBuffer();
    return res.status;
  };
  const secs = (t: Date) => String(t.getTime() / 1000);
  return {
    tick: () => new Date((clock += 60_000)),
    /** A watch of the demo tenant that has sent nothing yet. */
    async watch() {
      const { mum } = await demoDevices(db());
      const id = randomUUID();
      const imei = `86100${process.pid % 1000}${String(++imeis).padStart(4, '0')}`.padEnd(15, '7');
      await db().insertInto('devices').values({ id, tenant_id: mum.tenant_id, owner_user_id: null, name: `Geolocated ${imeis}`, imei, model: 'watch4', concurrency_stamp: randomUUID(), creator_id: null }).execute();
      return { id, imei, tenantId: mum.tenant_id };
    },
    gps: (imei: string, at: { lat: number; lon: number }, time: Date) => post([['id', imei], ['timestamp', secs(time)], ['lat', String(at.lat)], ['lon', String(at.lon)], ['accuracy', '5'], ['batt', '70']]),
    networkOnly: (imei: string, time: Date) => post([['id', imei], ['timestamp', secs(time)], ...NETWORK, ['batt', '69']]),
    post,
    positionAt: (deviceId: string, time: Date) => db().selectFrom('positions').selectAll().where('device_id', '=', deviceId).where('fix_time', '=', time).executeTakeFirst(),
    stateOf: (deviceId: string) => db().selectFrom('device_state').selectAll().where('device_id', '=', deviceId).executeTakeFirstOrThrow(),
    jobOf: (deviceId: string, time: Date) => db().selectFrom('jobs').selectAll().where('unique_key', '=', `${GEOLOCATE}:${deviceId}:${time.toISOString()}`).executeTakeFirst(),
  };
}

describe.each(DATABASES)('geolocation of network-only fixes on $name', ({ url }) => {
  let standIn: GeolocationStandIn;
  let server: TestServer;
  const h = ingestHelpers(() => server);

  beforeAll(async () => {
    standIn = await startGeolocationStandIn(KEY);
    server = await startServer(url, { geolocation: { url: standIn.url, key: KEY, timeoutMs: 1500, perMinute: 6000 } });
  });
  afterAll(async () => {
    await server?.stop();
    await standIn?.stop();
  });

  const geolocated = (deviceId: string, time: Date) => until(() => h.positionAt(deviceId, time), (p) => p?.attributes?.locatedBy === 'geolocation', 'the position geolocated');

  it('stores and answers the message first, then asks the service as Google documents it and places the position and the state there', async () => {
    standIn.answer('hang');
    const w = await h.watch();
    const [t1, t2] = [h.tick(), h.tick()];
    expect(await h.gps(w.imei, HOME, t1)).toBe(200);
    const before = standIn.requests.length;
    expect(await h.networkOnly(w.imei, t2)).toBe(200);

    // While the service has not answered, the fix is stored at the last known place.
    const [asked] = (await standIn.received(before + 1)).slice(before);
    const held = await h.positionAt(w.id, t2);
    expect(held).toMatchObject({ latitude: HOME.lat, longitude: HOME.lon });
    expect(held!.attributes).toEqual({ network: STORED_NETWORK, approximate: true, locatedBy: 'lastKnown' });
    expect(asked).toMatchObject({ method: 'POST', key: KEY, problems: [] });
    expect(asked!.body).toEqual(GOOGLE_BODY);

    standIn.answer({ place: AWAY });
    standIn.release(AWAY);
    const placed = await geolocated(w.id, t2);
    expect(placed).toMatchObject({ latitude: AWAY.lat, longitude: AWAY.lng, accuracy: AWAY.accuracy, valid: true, battery: 69 });
    expect(placed!.attributes).toEqual({ network: STORED_NETWORK, approximate: true, locatedBy: 'geolocation' });
    const state = await h.stateOf(w.id);
    expect(state).toMatchObject({ latitude: AWAY.lat, longitude: AWAY.lng, accuracy: AWAY.accuracy, online: true });
    expect(state.fix_time).toEqual(t2);
    expect((await h.jobOf(w.id, t2))?.status).toBe('done');
    expect(standIn.requests.length).toBe(before + 1);

    // The ingest's next message reads the state as the job left it, not the older copy it kept:
    // a message without a place is stored at the geolocated place, and the state stays there.
    const t3 = h.tick();
    expect(await h.post([['id', w.imei], ['timestamp', String(t3.getTime() / 1000)], ['batt', '68']])).toBe(200);
    expect(await h.positionAt(w.id, t3)).toMatchObject({ latitude: AWAY.lat, longitude: AWAY.lng });
    const after = await h.stateOf(w.id);
    expect(after).toMatchObject({ latitude: AWAY.lat, longitude: AWAY.lng, battery: 68 });
    expect(after.fix_time).toEqual(t2);
    // A GPS fix moves it on as always.
    const t4 = h.tick();
    expect(await h.gps(w.imei, HOME, t4)).toBe(200);
    expect(await h.stateOf(w.id)).toMatchObject({ latitude: HOME.lat, longitude: HOME.lon, fix_time: t4 });
  });

  it('stores a network-only fix of a watch with no place yet at the geolocated place', async () => {
    standIn.answer({ place: AWAY });
    const w = await h.watch();
    const t = h.tick();
    expect(await h.networkOnly(w.imei, t)).toBe(200);
    const placed = await until(() => h.positionAt(w.id, t), (p) => p !== undefined, 'the position stored');
    expect(placed).toMatchObject({ latitude: AWAY.lat, longitude: AWAY.lng, accuracy: AWAY.accuracy, valid: true, battery: 69 });
    expect(placed!.attributes).toEqual({ network: STORED_NETWORK, approximate: true, locatedBy: 'geolocation' });
    expect(await h.stateOf(w.id)).toMatchObject({ latitude: AWAY.lat, longitude: AWAY.lng, fix_time: t });
    // The job's payload carried the fix only until it was done: it is not asked again for a replay.
    const requests = standIn.requests.length;
    expect(await h.networkOnly(w.imei, t)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(standIn.requests.length).toBe(requests);
  });

  it('leaves the position at the last known place when the service fails, answers garbage or hangs, and tries again later', async () => {
    const cases: [GeolocationBehaviour, string][] = [
      [500, 'geolocation: HTTP 500'],
      ['garbage', 'geolocation: invalid answer'],
      ['outOfRange', 'geolocation: invalid answer'],
      ['hang', 'geolocation: timeout'],
    ];
    const waiting: { id: string; t2: Date; jobId: string }[] = [];
    for (const [behaviour, note] of cases) {
      standIn.answer(behaviour);
      const w = await h.watch();
      const [t1, t2] = [h.tick(), h.tick()];
      expect(await h.gps(w.imei, HOME, t1)).toBe(200);
      const before = standIn.requests.length;
      expect(await h.networkOnly(w.imei, t2)).toBe(200);
      await standIn.received(before + 1);
      const job = await until(() => h.jobOf(w.id, t2), (j) => j?.last_error === note && j.lease_until === null, `the job rescheduled after ${String(behaviour)}`);
      expect(job).toMatchObject({ status: 'pending', attempts: 1 });
      expect(job!.run_at.getTime()).toBeGreaterThan(Date.now() + 5_000);
      const kept = await h.positionAt(w.id, t2);
      expect(kept).toMatchObject({ latitude: HOME.lat, longitude: HOME.lon });
      expect(kept!.attributes).toMatchObject({ approximate: true, locatedBy: 'lastKnown' });
      expect(await h.stateOf(w.id)).toMatchObject({ latitude: HOME.lat, longitude: HOME.lon, fix_time: t1 });
      // The ingest goes on.
      expect(await h.gps(w.imei, HOME, h.tick())).toBe(200);
      waiting.push({ id: w.id, t2, jobId: job!.id });
    }
    expect(standIn.requests.every((r) => r.problems.length === 0)).toBe(true);

    // Once the service answers, the next attempt places them (the wait cut short here).
    standIn.answer({ place: AWAY });
    await server.database.db.updateTable('jobs').set({ run_at: new Date() }).where('id', 'in', waiting.map((w) => w.jobId)).execute();
    for (const w of waiting) {
      expect(await geolocated(w.id, w.t2)).toMatchObject({ latitude: AWAY.lat, longitude: AWAY.lng });
      // The state has a newer GPS fix: it stays there.
      expect(await h.stateOf(w.id)).toMatchObject({ latitude: HOME.lat, longitude: HOME.lon });
    }
  });

  it('does not ask again when the service cannot place the networks (404)', async () => {
    standIn.answer(404);
    const w = await h.watch();
    const [t1, t2] = [h.tick(), h.tick()];
    expect(await h.gps(w.imei, HOME, t1)).toBe(200);
    const before = standIn.requests.length;
    expect(await h.networkOnly(w.imei, t2)).toBe(200);
    await standIn.received(before + 1);
    await until(() => h.jobOf(w.id, t2), (j) => j?.status === 'done', 'the job done');
    expect((await h.positionAt(w.id, t2))!.attributes).toMatchObject({ locatedBy: 'lastKnown' });
    expect(standIn.requests.length).toBe(before + 1);
  });

  it('never confirms a zone exit on a geolocated place, however many', async () => {
    standIn.answer({ place: AWAY });
    const w = await h.watch();
    const db = server.database.db;
    await createCircle(db, { tenantId: w.tenantId, deviceId: w.id, ...HOME, radius: 100, name: 'Home' });
    const exits = () => db.selectFrom('device_events').select('id').where('device_id', '=', w.id).where('type', '=', 'geofenceExit').execute();
    expect(await h.gps(w.imei, HOME, h.tick())).toBe(200);
    expect(await h.gps(w.imei, HOME, h.tick())).toBe(200);
    const zones = (await h.stateOf(w.id)).zones;
    expect(Object.values(zones)).toEqual([expect.objectContaining({ s: 'in' })]);

    for (let i = 0; i < EXIT_CONFIRMATIONS + 1; i++) {
      const t = h.tick();
      expect(await h.networkOnly(w.imei, t)).toBe(200);
      await geolocated(w.id, t);
    }
    // Shown away for display, still inside as far as the zone knows, and no alarm.
    expect(await h.stateOf(w.id)).toMatchObject({ latitude: AWAY.lat, longitude: AWAY.lng, zones });
    expect(await exits()).toEqual([]);

    // Real fixes outside do confirm it: the zone was live all along.
    for (let i = 0; i < EXIT_CONFIRMATIONS; i++) expect(await h.gps(w.imei, { lat: AWAY.lat, lon: AWAY.lng }, h.tick())).toBe(200);
    expect(await exits()).toHaveLength(1);
  });
});

describe('without a geolocation service', () => {
  let server: TestServer;
  const h = ingestHelpers(() => server);

  // A key alone is no service: nothing is sent to any default address.
  beforeAll(async () => (server = await startServer('', { geolocation: { url: '', key: KEY, timeoutMs: 1500, perMinute: 6000 } })));
  afterAll(async () => server?.stop());

  it('keeps a network-only fix at the last known place and enqueues nothing', async () => {
    const w = await h.watch();
    const [t1, t2] = [h.tick(), h.tick()];
    expect(await h.gps(w.imei, HOME, t1)).toBe(200);
    expect(await h.networkOnly(w.imei, t2)).toBe(200);
    // Longer than the job worker's poll: a job would have run by now.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await h.positionAt(w.id, t2))!.attributes).toMatchObject({ approximate: true, locatedBy: 'lastKnown' });
    expect(await server.database.db.selectFrom('jobs').select('id').where('kind', '=', GEOLOCATE).execute()).toEqual([]);
  });
});
