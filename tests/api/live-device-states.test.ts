import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { ROLE_PLUG_AND_PLAY_USER } from '../../common/roles';
import type { DeviceStateEvent } from '../../common/devices';
import { DEVICE_STATE_CHANNEL, DEVICE_STATES_PER_NOTICE, notifyDeviceStates } from '../../server/alarms/channels/device-states';
import { notificationsOf } from '../../server/db/database';
import { sweepOffline } from '../../server/ingest/offline';
import { DEMO_PASSWORD, DEMO_WATCHES } from '../../server/seed/demo';
import { caller } from '../support/api-calls';
import { imei as newImei } from '../support/device-stock';
import { openEventStream, type EventStreamReader, type StreamEvent } from '../support/event-stream';
import { createTenantUser } from '../support/fixtures';
import { demoDevices, queryFix, sendQuery } from '../support/osmand';
import { DATABASES, startSecondNode, startServer, type SecondNode, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { watchFrame, WatchClient } from '../support/watch-client';

/**
 * A watch's changed state on the live stream (`device` events of /api/app/tracking/live), as the
 * dashboard's cards follow it: sent when the ingest refreshes the devices row (a report over
 * OsmAnd, a 3G watch on its own port), when a watch's connection closes and when the offline
 * check finds it quiet; to the watch's owner only; and across API nodes through PostgreSQL.
 */
const [MUM, DAD] = DEMO_WATCHES;
const LIVE = '/api/app/tracking/live';

const stateOf = (e: StreamEvent) => JSON.parse(e.data) as DeviceStateEvent;
const deviceEvent = (deviceId: string, match: (s: DeviceStateEvent) => boolean = () => true) => (e: StreamEvent) => e.event === 'device' && stateOf(e).deviceId === deviceId && match(stateOf(e));
const deviceEvents = (stream: EventStreamReader, deviceId: string) => stream.events.filter(deviceEvent(deviceId)).map(stateOf);

describe.each(DATABASES)('live watch states on $name', ({ url }) => {
  let server: TestServer;
  let osmand: string;
  let carer: string;
  let otherCarer: string;
  let other: { userId: string; tenantId: string | null };
  let otherWatch: { id: string; imei: string };
  const streams: EventStreamReader[] = [];
  const watches: WatchClient[] = [];
  const call = caller(() => server);
  const db = () => server.database.db;
  const open = async (token: string) => {
    const stream = await openEventStream(`${server.url}${LIVE}`, token);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    server = await startServer(url, { ingestPort: 0, watchPort: 0 });
    osmand = `http://127.0.0.1:${server.config.ingestPort}`;
    carer = (await tokensFor(server.url, 'caregiver', DEMO_PASSWORD)).access_token;
    // Another carer in the same tenant, with a watch of their own.
    const { dad } = await demoDevices(db());
    const made = await createTenantUser(db(), { tenantId: dad.tenant_id, userName: 'live-other-carer', role: ROLE_PLUG_AND_PLAY_USER, policies: CAREGIVER_POLICIES });
    other = made;
    otherWatch = { id: randomUUID(), imei: newImei() };
    await db().insertInto('devices').values({ id: otherWatch.id, tenant_id: made.tenantId, owner_user_id: made.userId, name: 'Other watch', imei: otherWatch.imei, model: 'watch4', concurrency_stamp: randomUUID() }).execute();
    otherCarer = (await tokensFor(server.url, made.userName, made.password)).access_token;
  });
  afterAll(async () => {
    for (const w of watches) w.end();
    for (const s of streams) s.close();
    await server?.stop();
  });

  it("sends a watch's new state to its owner when it reports over OsmAnd, as the dashboard then reads it, and nothing to another carer", async () => {
    const { dad } = await demoDevices(db());
    const mine = await open(carer);
    const theirs = await open(otherCarer);
    const before = Date.now();
    expect(await sendQuery(osmand, queryFix(DAD.imei, { lat: 55.68, lon: 12.57, time: new Date(Date.now() - 2000), battery: 57, charging: true }))).toBe(200);
    const state = stateOf(await mine.next(deviceEvent(dad.id)));
    expect(state).toMatchObject({ deviceId: dad.id, tenantId: dad.tenant_id, online: true, batteryLevel: 57, charging: true });
    expect(Date.parse(state.lastContact!)).toBeGreaterThanOrEqual(before - 1000);

    // What the card shows after a reload is what the event said.
    const page = await call(carer, 'GET', '/api/app/productInstance/pagedDashboard?MaxResultCount=100');
    const card = (page.body.items as { id: string; status: string; batteryLevel: number; charging: boolean; lastContact: string }[]).find((d) => d.id === dad.id)!;
    expect({ online: card.status === 'online', batteryLevel: card.batteryLevel, charging: card.charging, lastContact: card.lastContact }).toEqual({
      online: state.online,
      batteryLevel: state.batteryLevel,
      charging: state.charging,
      lastContact: state.lastContact,
    });

    // The other carer's stream carries their own watch's state, and never the first carer's.
    expect(await sendQuery(osmand, queryFix(otherWatch.imei, { lat: 55.6, lon: 12.5, time: new Date(Date.now() - 1000), battery: 33 }))).toBe(200);
    expect(stateOf(await theirs.next(deviceEvent(otherWatch.id)))).toMatchObject({ online: true, batteryLevel: 33, charging: false });
    expect(theirs.events.filter((e) => e.event === 'device').map((e) => stateOf(e).deviceId)).toEqual([otherWatch.id]);
    expect(deviceEvents(mine, otherWatch.id)).toEqual([]);
  });

  it('sends nothing for the reports that follow within the minute (the devices row is not rewritten for them)', async () => {
    const { dad } = await demoDevices(db());
    const mine = await open(carer);
    expect(await sendQuery(osmand, queryFix(DAD.imei, { lat: 55.681, lon: 12.571, time: new Date(Date.now() - 1000), battery: 56 }))).toBe(200);
    // An alarm after it on the same stream: any state event of the report before would have come first.
    expect(await sendQuery(osmand, queryFix(DAD.imei, { lat: 55.682, lon: 12.572, time: new Date(), battery: 56, alarm: 'sos' }))).toBe(200);
    await mine.next((e) => e.event === 'alarm');
    expect(deviceEvents(mine, dad.id)).toEqual([]);
  });

  it("sends a 3G watch's state when it connects and reports, and offline as soon as its connection closes", async () => {
    const { mum } = await demoDevices(db());
    const mine = await open(carer);
    const theirs = await open(otherCarer);
    const watch = await WatchClient.connect(server.config.watchPort);
    watches.push(watch);
    watch.send(watchFrame(MUM.imei, 'LK,5000,0,64'));
    expect(stateOf(await mine.next(deviceEvent(mum.id, (s) => s.online)))).toMatchObject({ online: true, batteryLevel: 64 });
    watch.end();
    const closed = stateOf(await mine.next(deviceEvent(mum.id, (s) => !s.online)));
    expect(closed).toMatchObject({ deviceId: mum.id, online: false, batteryLevel: 64 });
    expect(deviceEvents(theirs, mum.id)).toEqual([]);
  });

  it('sends offline when the offline check finds a watch quiet', async () => {
    const { dad } = await demoDevices(db());
    const mine = await open(carer);
    await db().updateTable('device_state').set({ last_seen: new Date(Date.now() - 3600_000) }).where('device_id', '=', dad.id).execute();
    // The node's own check every few seconds, or this one: whichever flips it tells the stream.
    await sweepOffline(db());
    expect(stateOf(await mine.next(deviceEvent(dad.id, (s) => !s.online)))).toMatchObject({ online: false });
  });

  it('splits many changed watches into notifications under PostgreSQL’s 8000-byte limit, and sends every one', async () => {
    const ids = Array.from({ length: DEVICE_STATES_PER_NOTICE * 2 + 5 }, () => randomUUID());
    // The longest a device's JSON gets: a tenant, a three-digit battery level, a contact with milliseconds.
    await db()
      .insertInto('devices')
      .values(ids.map((id, i) => ({ id, tenant_id: other.tenantId, owner_user_id: other.userId, name: `Bulk ${i}`, imei: newImei(), model: 'watch4', status: 'online', battery_level: 100, concurrency_stamp: randomUUID() })))
      .execute();
    await db()
      .insertInto('device_state')
      .values(ids.map((id) => ({ device_id: id, tenant_id: other.tenantId, online: true, charging: false, last_seen: new Date('2026-11-21T22:14:05.123Z') })))
      .execute();
    const payloads: string[] = [];
    const unlisten = await notificationsOf(db()).listen(DEVICE_STATE_CHANNEL, (p) => payloads.push(p));
    const theirs = await open(otherCarer);
    try {
      await db().transaction().execute((trx) => notifyDeviceStates(trx, ids));
      for (const id of ids) await theirs.next(deviceEvent(id));
      expect(payloads).toHaveLength(3);
      for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
      expect(Math.max(...payloads.map((p) => Buffer.byteLength(p)))).toBeGreaterThan(4000);
      expect(stateOf(theirs.events.find(deviceEvent(ids[0]!))!)).toMatchObject({ online: true, batteryLevel: 100, charging: false, lastContact: '2026-11-21T22:14:05.123Z' });
    } finally {
      await unlisten();
    }
  });
});

/** Two API nodes on one PostgreSQL database: a watch on the first node, its owner's dashboard open on the second. */
describe.skipIf(!DATABASES.some((d) => d.name === 'postgres'))('live watch states across API nodes (PostgreSQL LISTEN/NOTIFY)', () => {
  let first: TestServer;
  let second: SecondNode;
  let stream: EventStreamReader;
  const watches: WatchClient[] = [];
  beforeAll(async () => {
    first = await startServer(DATABASES.find((d) => d.name === 'postgres')!.url, { ingestPort: 0, watchPort: 0 });
    second = await startSecondNode(first);
    const token = (await tokensFor(first.url, 'caregiver', DEMO_PASSWORD)).access_token;
    stream = await openEventStream(`${second.url}${LIVE}`, token);
  });
  afterAll(async () => {
    for (const w of watches) w.end();
    stream?.close();
    await second?.close();
    await first?.stop();
  });

  it('delivers a report over OsmAnd on the first node to the stream on the second', async () => {
    const { dad } = await demoDevices(first.database.db);
    expect(await sendQuery(`http://127.0.0.1:${first.config.ingestPort}`, queryFix(DAD.imei, { lat: 55.68, lon: 12.57, time: new Date(Date.now() - 2000), battery: 71 }))).toBe(200);
    expect(stateOf(await stream.next(deviceEvent(dad.id)))).toMatchObject({ online: true, batteryLevel: 71 });
  });

  it("delivers a 3G watch's connection and its close on the first node to the stream on the second", async () => {
    const { mum } = await demoDevices(first.database.db);
    const watch = await WatchClient.connect(first.config.watchPort);
    watches.push(watch);
    watch.send(watchFrame(MUM.imei, 'LK,5000,0,42'));
    expect(stateOf(await stream.next(deviceEvent(mum.id, (s) => s.online)))).toMatchObject({ online: true, batteryLevel: 42 });
    watch.end();
    expect(stateOf(await stream.next(deviceEvent(mum.id, (s) => !s.online)))).toMatchObject({ online: false, batteryLevel: 42 });
  });
});
