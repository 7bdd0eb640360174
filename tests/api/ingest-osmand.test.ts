import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { demoDevices, jsonLocation, queryFix, sendForm, sendJson, sendQuery } from '../support/osmand';
import { DEMO_STOCK_DEVICES, DEMO_WATCHES } from '../../server/seed/demo';
import { MAX_AGE_MS, MAX_FUTURE_MS } from '../../server/ingest/guards';

const MUM = DEMO_WATCHES[0].imei;
const DAD = DEMO_WATCHES[1].imei;

describe.each(DATABASES)('OsmAnd ingest on $name', ({ url }) => {
  let server: TestServer;
  let port: string;
  /** Before this file's fixes (all in the last minute), after the demo watches' seeded week (it ends half an hour before the seed). */
  let since: Date;
  beforeAll(async () => {
    server = await startServer(url, { ingestPort: 0 });
    port = `http://127.0.0.1:${server.config.ingestPort}`;
    since = new Date(Date.now() - 5 * 60_000);
  });
  afterAll(async () => server?.stop());

  /** The positions this file's fixes stored. */
  const positions = async (deviceId: string) =>
    server.database.db.selectFrom('positions').selectAll().where('device_id', '=', deviceId).where('fix_time', '>=', since).orderBy('fix_time').execute();

  it('stores a fix sent as Traccar Client for Android sends it: POST with the query, no body, on the ingest port', async () => {
    const { mum } = await demoDevices(server.database.db);
    const time = new Date(Date.now() - 60_000);
    expect(await sendQuery(port, queryFix(MUM, { lat: 55.6761, lon: 12.5683, time, battery: 64, accuracy: 8 }))).toBe(200);
    const [p] = await positions(mum.id);
    expect(p).toMatchObject({ latitude: 55.6761, longitude: 12.5683, accuracy: 8, battery: 64 });
    expect(p!.fix_time.getTime()).toBe(Math.floor(time.getTime() / 1000) * 1000);
    const device = await server.database.db.selectFrom('devices').select(['battery_level', 'status', 'last_contact']).where('id', '=', mum.id).executeTakeFirstOrThrow();
    expect(device.battery_level).toBe(64);
    expect(device.status).toBe('online');
    expect(device.last_contact).not.toBeNull();
  });

  it('stores a fix from a GET (OsmAnd) and a form body on /ingest/osmand of the main port', async () => {
    const { dad } = await demoDevices(server.database.db);
    const t1 = new Date(Date.now() - 50_000);
    const t2 = new Date(Date.now() - 40_000);
    expect(await sendQuery(port, { id: DAD, timestamp: t1.toISOString(), location: '55.1,12.1', hdop: 1.2 }, 'GET')).toBe(200);
    expect(await sendForm(`${server.url}/ingest/osmand`, { deviceid: DAD, timestamp: t2.toISOString().replace('T', ' ').slice(0, 19), lat: 55.2, lon: 12.2, batt: 51.5, charge: 'true' })).toBe(200);
    const list = await positions(dad.id);
    expect(list.map((p) => [p.latitude, p.longitude])).toEqual([[55.1, 12.1], [55.2, 12.2]]);
    expect(list[0]!.attributes).toEqual({ hdop: 1.2 });
    expect(list[1]!.fix_time.toISOString()).toBe(`${t2.toISOString().slice(0, 19)}.000Z`);
  });

  it('stores the JSON body of Traccar Client 9, single and batched, with battery from 0..1 and speed from m/s', async () => {
    const { mum } = await demoDevices(server.database.db);
    const t = new Date(Date.now() - 30_000);
    expect(await sendJson(port, { location: jsonLocation({ lat: 55.3, lon: 12.3, time: t, battery: 42, accuracy: 12 }), device_id: MUM })).toBe(200);
    const batch = [1, 2].map((i) => jsonLocation({ lat: 55.3 + i / 1000, lon: 12.3, time: new Date(t.getTime() + i * 1000) }));
    expect(await sendJson(`${server.url}/ingest/osmand`, { locations: batch, device_id: MUM })).toBe(200);
    const list = (await positions(mum.id)).filter((p) => p.fix_time >= t);
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ latitude: 55.3, accuracy: 12, battery: 42 });
    expect(list[0]!.speed).toBeCloseTo(1.2 * 1.943844, 3);
    expect(list[0]!.attributes).toMatchObject({ motion: true, activity: 'walking', event: 'motionchange' });
  });

  // 200 as for a known one (not Traccar's 404), so that the answer cannot be used to find the IMEIs in use.
  it('answers 200 to an unknown device, stores nothing, logs it and keeps the message for troubleshooting', async () => {
    expect(await sendQuery(port, { id: '999999999999999', lat: 1, lon: 1 })).toBe(200);
    await expect
      .poll(async () => (await server.database.db.selectFrom('device_messages').select('outcome').where('unique_id', '=', '999999999999999').executeTakeFirst())?.outcome)
      .toBe('unknownDevice');
    expect(await sendJson(port, { device_id: '999999999999998', location: jsonLocation({ lat: 1, lon: 1, time: new Date() }) })).toBe(200);
    expect(await server.database.db.selectFrom('positions').select('id').where('latitude', '=', 1).where('longitude', '=', 1).execute()).toEqual([]);
  });

  it('keeps the last raw messages of each device with what became of them', async () => {
    const { mum } = await demoDevices(server.database.db);
    const rows = await server.database.db.selectFrom('device_messages').selectAll().where('device_id', '=', mum.id).orderBy('received_time', 'desc').execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.outcome === 'stored' && r.protocol === 'osmand')).toBe(true);
    expect(rows.some((r) => r.payload.includes('"device_id":"356938035643809"'))).toBe(true);
  });

  // Issue 17, item 9. Facts from traccar/traccar src/main/java/org/traccar/protocol/OsmAndProtocolDecoder.java
  // (decode, default case: Double.parseDouble, else true/false, else the text; "batt" is batteryLevel as a double;
  // "location" reads its first two parts) and its decodeJson (every extra that is a number, boolean or string).
  it('keeps every unknown parameter and JSON extra as a typed attribute, location with an altitude, and batt=55.5', async () => {
    const { dad } = await demoDevices(server.database.db);
    const t = new Date(Date.now() - 20_000);
    expect(await sendQuery(port, { id: DAD, timestamp: t.toISOString(), location: '55.4,12.4,31.5', batt: 55.5, ignition: 'true', parked: 'false', rpm: 933, fuel: '24.5', driverUniqueId: '0042', note: 'hello', hdop: '0.9' })).toBe(200);
    const location = { ...jsonLocation({ lat: 55.41, lon: 12.41, time: new Date(t.getTime() + 1000) }), extras: { ward: 'B2', steps: 1200, ratio: 0.25, awake: true, asleep: false, nested: { a: 1 }, list: [1], nothing: null } };
    expect(await sendJson(`${server.url}/ingest/osmand`, { device_id: DAD, location })).toBe(200);
    const [q, j] = (await positions(dad.id)).filter((p) => p.fix_time >= t);
    expect(q).toMatchObject({ latitude: 55.4, longitude: 12.4, altitude: 31.5, battery: 55.5 });
    expect(q!.attributes).toEqual({ ignition: true, parked: false, rpm: 933, fuel: 24.5, driverUniqueId: '0042', note: 'hello', hdop: 0.9 });
    expect(j!.attributes).toEqual({ event: 'motionchange', motion: true, odometer: 1520, activity: 'walking', ward: 'B2', steps: 1200, ratio: 0.25, awake: true, asleep: false });
  });

  // Issue 17, item 7: Traccar stores a fix whatever its time and answers 200 (OsmAndProtocolDecoder sends OK for
  // every known device); Traccar Client resends a refused one. Outside the window: stored, marked, never evaluated.
  it('stores a fix older than the window and one far ahead with 200, marked, without alarms or a new last place', async () => {
    const db = server.database.db;
    const watch = DEMO_STOCK_DEVICES[1].imei;
    const device = await db.selectFrom('devices').select(['id']).where('imei', '=', watch).executeTakeFirstOrThrow();
    const old = new Date(Date.now() - MAX_AGE_MS - 5 * 24 * 3600_000);
    const ahead = new Date(Date.now() + MAX_FUTURE_MS + 24 * 3600_000);
    expect(await sendQuery(port, queryFix(watch, { lat: 54.1, lon: 11.1, time: old, alarm: 'sos', battery: 5 }))).toBe(200);
    expect(await sendJson(`${server.url}/ingest/osmand`, { device_id: watch, location: jsonLocation({ lat: 54.2, lon: 11.2, time: ahead, alarm: 'sos', battery: 5 }) })).toBe(200);
    const stored = await db.selectFrom('positions').select(['fix_time', 'latitude', 'attributes']).where('device_id', '=', device.id).orderBy('fix_time').execute();
    expect(stored.map((p) => [p.latitude, (p.attributes as { window?: string }).window])).toEqual([
      [54.1, 'old'],
      [54.2, 'future'],
    ]);
    expect(await db.selectFrom('device_events').select('type').where('device_id', '=', device.id).execute()).toEqual([]);
    // The far-future fix is not the last place: a fix now still is, and is evaluated.
    const now = new Date(Date.now() - 5_000);
    expect(await sendQuery(port, queryFix(watch, { lat: 54.3, lon: 11.3, time: now, alarm: 'sos' }))).toBe(200);
    const state = await db.selectFrom('device_state').select(['latitude', 'fix_time']).where('device_id', '=', device.id).executeTakeFirstOrThrow();
    expect(state.latitude).toBe(54.3);
    expect(state.fix_time!.getTime()).toBe(Math.floor(now.getTime() / 1000) * 1000);
    expect((await db.selectFrom('device_events').select('type').where('device_id', '=', device.id).execute()).map((e) => e.type)).toEqual(['sos']);
  });

  // Issue 17, item 10: Traccar answers an OsmAnd request with the data of the device's oldest queued command
  // (OsmAndProtocolDecoder: readQueuedCommands(deviceId, 1), sent as the 200's body).
  it('hands a queued command over in the answer on both endpoints, and marks it sent once the answer went out', async () => {
    const db = server.database.db;
    const { mum } = await demoDevices(db);
    const queue = async (text: string, age: number) => {
      const id = randomUUID();
      await db.insertInto('device_commands').values({ id, tenant_id: mum.tenant_id, device_id: mum.id, user_id: null, type: 'template', template_id: null, text, attributes: '{}', channel: 'device', phone_number: null, status: 'queued', error: null, creation_time: new Date(Date.now() - age) }).execute();
      return id;
    };
    const first = await queue('UPLOAD,60', 2000);
    const second = await queue('SOS1,+4512345678', 1000);
    const post = async (base: string, at: number) => {
      const res = await fetch(`${base}/?${new URLSearchParams(Object.entries(queryFix(MUM, { lat: 55.68, lon: 12.57, time: new Date(Date.now() - at) })).map(([k, v]) => [k, String(v)]))}`, { method: 'POST' });
      return { status: res.status, body: await res.text(), type: res.headers.get('content-type') };
    };
    const status = async (id: string) => (await db.selectFrom('device_commands').select(['status', 'sent_time']).where('id', '=', id).executeTakeFirstOrThrow());
    // A HEAD answer has no body: the command stays queued.
    expect((await fetch(`${port}/?id=${MUM}&lat=55.68&lon=12.57&timestamp=${Math.floor(Date.now() / 1000) - 25}`, { method: 'HEAD' })).status).toBe(200);
    expect((await status(first)).status).toBe('queued');
    expect(await post(port, 24_000)).toEqual({ status: 200, body: 'UPLOAD,60', type: 'text/plain; charset=utf-8' });
    await expect.poll(async () => (await status(first)).status).toBe('sent');
    expect((await status(first)).sent_time).not.toBeNull();
    expect((await status(second)).status).toBe('queued');
    expect(await post(`${server.url}/ingest/osmand`, 23_000)).toEqual({ status: 200, body: 'SOS1,+4512345678', type: 'text/plain; charset=utf-8' });
    await expect.poll(async () => (await status(second)).status).toBe('sent');
    expect((await post(port, 22_000)).body).toBe('');
  });
  it('answers the main port as the protocol does: a malformed message a bare 400 (no JSON) storing nothing, repeated parameters taken', async () => {
    const { dad } = await demoDevices(server.database.db);
    const before = (await positions(dad.id)).length;
    const endpoint = `${server.url}/ingest/osmand`;
    const refusals = [
      await fetch(`${endpoint}?id=${DAD}&lat=abc&lon=12`),
      await fetch(`${endpoint}?lat=55&lon=12`, { method: 'POST' }),
      await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"device_id": "' + DAD + '", "location": ' }),
      await fetch(endpoint, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '[1, 2]' }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(400);
      expect(await res.text()).toBe('');
      expect(res.headers.get('content-type') ?? '').not.toContain('json');
    }
    // A parameter sent twice (a tracker's own extra, as cell and wifi are) is taken as today, on GET and in a form body.
    const time = Math.floor(Date.now() / 1000) - 5;
    expect((await fetch(`${endpoint}?id=${DAD}&lat=55.31&lon=12.31&timestamp=${time}&note=a&note=b`)).status).toBe(200);
    const form = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `id=${DAD}&lat=55.32&lon=12.32&timestamp=${time + 1}&note=a&note=b` });
    expect(form.status).toBe(200);
    const after = await positions(dad.id);
    expect(after.length).toBe(before + 2);
    expect(after.slice(-2).map((p) => [p.latitude, p.longitude])).toEqual([[55.31, 12.31], [55.32, 12.32]]);
  });
});
