import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { demoDevices } from '../support/osmand';
import { report, watchFrame, WatchClient } from '../support/watch-client';
import { until } from '../support/poll';
import { DEMO_WATCHES } from '../../server/seed/demo';

/**
 * The 3G watch protocol through its real port (WATCH_PORT): a watch connects, is known by what it
 * calls itself, reports, raises its own alarms, and is online while connected.
 */
const MUM = DEMO_WATCHES[0].imei;
const DAD = DEMO_WATCHES[1].imei;


describe.each(DATABASES)('3G watches on their own port on $name', ({ url }) => {
  let server: TestServer;
  let port: number;
  const clients: WatchClient[] = [];
  const connect = async () => {
    const c = await WatchClient.connect(port);
    clients.push(c);
    return c;
  };
  beforeAll(async () => {
    server = await startServer(url, { watchPort: 0 });
    port = server.config.watchPort;
  });
  afterAll(async () => {
    for (const c of clients) c.end();
    await server?.stop();
  });
  const db = () => server.database.db;
  const state = (deviceId: string) => db().selectFrom('device_state').select(['online', 'battery', 'latitude', 'longitude', 'offline_pending']).where('device_id', '=', deviceId).executeTakeFirst();
  const events = (deviceId: string, type: string) => db().selectFrom('device_events').select(['id', 'type']).where('device_id', '=', deviceId).where('type', '=', type).execute();

  it('answers a heartbeat, stores positions, and shows the watch online and connected', async () => {
    const { mum } = await demoDevices(db());
    const watch = await connect();
    watch.send(watchFrame(MUM, 'LK,5000,0,64'));
    expect(await watch.next((f) => f.includes('*LK'))).toBe(`[3G*${MUM}*0002*LK]`);
    const s = await until(() => state(mum.id), (v) => v?.battery === 64);
    expect(s).toMatchObject({ online: true, battery: 64, offline_pending: false });
    const connection = await db().selectFrom('device_connections').selectAll().where('device_id', '=', mum.id).executeTakeFirstOrThrow();
    expect(connection).toMatchObject({ protocol: 'watch', remote_address: '127.0.0.1' });

    watch.send(watchFrame(MUM, report('UD', { lat: 55.6761, lon: 12.5683, battery: 63 })));
    const placed = await until(() => state(mum.id), (v) => v?.latitude === 55.6761);
    expect(placed).toMatchObject({ latitude: 55.6761, longitude: 12.5683, battery: 63 });
    const stored = await db().selectFrom('positions').select(['speed', 'valid', 'attributes']).where('device_id', '=', mum.id).orderBy('fix_time', 'desc').limit(1).executeTakeFirstOrThrow();
    // 3.6 km/h is 1.94 knots, as Traccar stores speed.
    expect(stored.speed).toBeCloseTo(1.9438, 3);
    expect(stored.valid).toBe(true);
    expect(stored.attributes).toMatchObject({ sat: 9, steps: 120, network: { cellTowers: [{ mobileCountryCode: 238, cellId: 98765 }] } });
    watch.end();
  });

  it('raises an SOS from an AL frame once, even when the watch sends it again', async () => {
    const { dad } = await demoDevices(db());
    const earlier = new Set((await events(dad.id, 'sos')).map((e) => e.id));
    const before = earlier.size;
    const watch = await connect();
    const frame = watchFrame(DAD, report('AL', { lat: 55.68, lon: 12.57, status: 1 << 16 }));
    watch.send(frame);
    await watch.next((f) => f === `[3G*${DAD}*0002*AL]`);
    watch.send(frame);
    await watch.next((f) => f === `[3G*${DAD}*0002*AL]`, 1);
    expect(watch.frames.filter((f) => f.endsWith('*AL]'))).toHaveLength(2);
    const raised = await until(() => events(dad.id, 'sos'), (e) => e.length > before);
    expect(raised.length).toBe(before + 1);
    await new Promise((r) => setTimeout(r, 300));
    expect((await events(dad.id, 'sos')).length).toBe(before + 1);
    // It reaches the carer: the watch's owner has the alarm in the app (mail and push follow from the same record).
    const newest = raised.map((e) => e.id).filter((id) => !earlier.has(id));
    const owner = (await db().selectFrom('devices').select('owner_user_id').where('id', '=', dad.id).executeTakeFirstOrThrow()).owner_user_id!;
    const messages = await db().selectFrom('alarm_messages').select(['user_id', 'type', 'subject']).where('event_id', 'in', newest).where('user_id', '=', owner).execute();
    expect(messages.filter((m) => m.type === 'sos')).toHaveLength(1);
    watch.end();
  });

  it('raises "taken off the wrist" from the status word of a position', async () => {
    const { dad } = await demoDevices(db());
    const before = (await events(dad.id, 'offWrist')).length;
    const watch = await connect();
    watch.send(watchFrame(DAD, report('UD', { lat: 55.681, lon: 12.571, status: 1 << 20, time: new Date(Date.now() - 60_000) })));
    expect((await until(() => events(dad.id, 'offWrist'), (e) => e.length > before)).length).toBe(before + 1);
    watch.end();
  });

  it('shows a watch offline as soon as its connection closes, and alarms only after its timeout', async () => {
    const { mum } = await demoDevices(db());
    const watch = await connect();
    watch.send(watchFrame(MUM, 'LK,1,0,70'));
    await watch.next((f) => f.includes('*LK'));
    await until(() => state(mum.id), (v) => v?.online === true && v.battery === 70);
    const offline = (await events(mum.id, 'offline')).length;
    watch.end();
    const s = await until(() => state(mum.id), (v) => v?.online === false);
    expect(s).toMatchObject({ online: false, offline_pending: true });
    const device = await db().selectFrom('devices').select('status').where('id', '=', mum.id).executeTakeFirstOrThrow();
    expect(device.status).toBe('offline');
    expect(await db().selectFrom('device_connections').select('device_id').where('device_id', '=', mum.id).execute()).toEqual([]);
    expect((await events(mum.id, 'offline')).length).toBe(offline);
    // It comes back: online again, and the pending offline alarm is dropped.
    const again = await connect();
    again.send(watchFrame(MUM, 'LK,1,0,70'));
    await again.next((f) => f.includes('*LK'));
    expect(await until(() => state(mum.id), (v) => v?.online === true)).toMatchObject({ online: true, offline_pending: false });
    again.end();
  });

  it('knows a watch by the 10-digit ID it calls itself (its protocol ID), not only by its IMEI', async () => {
    const { dad } = await demoDevices(db());
    const own = `88${String(Date.now()).slice(-8)}`;
    await db().updateTable('devices').set({ protocol_id: own }).where('id', '=', dad.id).execute();
    const watch = await connect();
    // The directory hears of the change through the database's notification.
    await new Promise((r) => setTimeout(r, 200));
    watch.send(watchFrame(own, report('UD', { lat: 55.69, lon: 12.59, time: new Date(Date.now() - 120_000) })));
    const at = () => db().selectFrom('positions').select(['latitude', 'longitude']).where('device_id', '=', dad.id).where('latitude', '=', 55.69).execute();
    expect(await until(at, (rows) => rows.length > 0)).toEqual([{ latitude: 55.69, longitude: 12.59 }]);
    watch.end();
    await db().updateTable('devices').set({ protocol_id: null }).where('id', '=', dad.id).execute();
  });

  it('keeps vital signs in the history, at the last known place', async () => {
    const { mum } = await demoDevices(db());
    const watch = await connect();
    watch.send(watchFrame(MUM, 'bphrt,121,78,74,,,,'));
    const vital = () => db().selectFrom('positions').select(['attributes', 'valid']).where('device_id', '=', mum.id).orderBy('server_time', 'desc').limit(1).executeTakeFirst();
    const row = await until(vital, (r) => (r?.attributes as Record<string, unknown> | null)?.heartRate === 74);
    expect(row?.attributes).toMatchObject({ pressureHigh: 121, pressureLow: 78, heartRate: 74, approximate: true, locatedBy: 'lastKnown' });
    watch.end();
  });

  it("places a fix without GPS at the tenant's registered Wi-Fi network it saw", async () => {
    const { mum } = await demoDevices(db());
    const mac = 'a4:2b:b0:11:22:33';
    // Stored as the wifis resource stores it (normalised); the watch writes it in lower case.
    await db().insertInto('wifis').values({ id: randomUUID(), tenant_id: mum.tenant_id, mac_address: mac.toUpperCase(), latitude: 55.6111, longitude: 12.4222, concurrency_stamp: randomUUID() }).execute();
    const watch = await connect();
    watch.send(watchFrame(MUM, report('UD', { lat: 0, lon: 0, valid: false, wifi: [mac], time: new Date(Date.now() + 2000) })));
    const placed = () => db().selectFrom('positions').select(['latitude', 'longitude', 'attributes']).where('device_id', '=', mum.id).where('latitude', '=', 55.6111).execute();
    const rows = await until(placed, (r) => r.length > 0);
    expect(rows[0]).toMatchObject({ latitude: 55.6111, longitude: 12.4222, attributes: { approximate: true, locatedBy: 'wifi' } });
    watch.end();
  });

  it('replaces an older connection of the same watch with the new one', async () => {
    const first = await connect();
    first.send(watchFrame(MUM, 'LK,1,0,71'));
    await first.next((f) => f.includes('*LK'));
    const second = await connect();
    second.send(watchFrame(MUM, 'LK,1,0,72'));
    await second.next((f) => f.includes('*LK'));
    await first.closedByServer();
    expect(second.closed).toBe(false);
    second.end();
  });
});
