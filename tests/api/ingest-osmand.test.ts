import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { demoDevices, jsonLocation, queryFix, sendForm, sendJson, sendQuery } from '../support/osmand';
import { DEMO_WATCHES } from '../../server/seed/demo';

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
});
