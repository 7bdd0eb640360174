import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepDaysOf } from '../../server/history/keep-days';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { caller } from '../support/api-calls';
import { createTenantUser } from '../support/fixtures';
import { demoDevices, queryFix, sendQuery } from '../support/osmand';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { DEMO_PASSWORD, DEMO_WATCHES } from '../../server/seed/demo';

const MUM = DEMO_WATCHES[0].imei;
const DAD = DEMO_WATCHES[1].imei;
type Items = { items: Record<string, unknown>[]; totalCount?: number };

describe.each(DATABASES)('tracking reads on $name', ({ url }) => {
  let server: TestServer;
  let carer: string;
  let staff: string;
  let stranger: string;
  const call = caller(() => server);
  /** This file's first fix time: after the demo watches' seeded week, so its fixes are their newest. */
  let start = 0;

  beforeAll(async () => {
    server = await startServer(url, { ingestPort: 0 });
    // The seeded history ends half an hour before the seed (its offline event ten minutes later).
    start = Math.floor(Date.now() / 1000) * 1000 - 10 * 60_000;
    const port = `http://127.0.0.1:${server.config.ingestPort}`;
    const other = await createTenantUser(server.database.db, { tenant: 'Other Care', userName: 'othercarer', role: 'Plug and Play User', policies: CAREGIVER_POLICIES });
    const tokens = await Promise.all([tokensFor(server.url, 'caregiver', DEMO_PASSWORD), tokensFor(server.url, 'staff', DEMO_PASSWORD), tokensFor(server.url, other.userName, other.password)]);
    carer = tokens[0].access_token;
    staff = tokens[1].access_token;
    stranger = tokens[2].access_token;
    for (let i = 0; i < 5; i++) {
      expect(await sendQuery(port, queryFix(MUM, { lat: 55.6 + i / 1000, lon: 12.5, time: new Date(start + i * 60_000), battery: 90 - i * 5 }))).toBe(200);
    }
    expect(await sendQuery(port, queryFix(DAD, { lat: 56, lon: 13, time: new Date(start), battery: 33, alarm: 'sos' }))).toBe(200);
  });
  afterAll(async () => server?.stop());

  it('answers battery levels, latest positions and the dashboard info of the caregiver own watches', async () => {
    const { mum, dad } = await demoDevices(server.database.db);
    const levels = (await call(carer, 'GET', '/api/app/productInstance/battery-levels')).body as unknown as Items;
    expect(levels.items.map((i) => [i.name, i.batteryLevel, i.status])).toEqual([
      ["Dad's watch", 33, 'online'],
      ["Mum's watch", 70, 'online'],
    ]);
    const latest = (await call(carer, 'GET', `/api/app/tracking/positions/latest?deviceIds=${mum.id}`)).body as unknown as Items;
    expect(latest.items).toHaveLength(1);
    expect(latest.items[0]).toMatchObject({ deviceId: mum.id, latitude: 55.604, longitude: 12.5 });
    const info = (await call(carer, 'GET', '/api/app/CurrentDeviceInformation/dashboardinfoforuser')).body as unknown as Items;
    const dadInfo = info.items.find((i) => i.deviceId === dad.id)!;
    expect(dadInfo).toMatchObject({ batteryLevel: 33, unacknowledgedAlarms: 1, lastEvent: { type: 'sos' }, lastPosition: { latitude: 56, longitude: 13 } });
  });

  it("shows each fix's battery at once on the carer's device list and troubleshooting, though the devices row follows once a minute", async () => {
    const { mum } = await demoDevices(server.database.db);
    // Five fixes within a minute: the devices row kept the first battery reading (90).
    const row = await server.database.db.selectFrom('devices').select(['battery_level']).where('id', '=', mum.id).executeTakeFirstOrThrow();
    expect(row.battery_level).toBe(90);
    const dashboard = (await call(carer, 'GET', '/api/app/productInstance/pagedDashboard?maxResultCount=10')).body as unknown as Items;
    expect(dashboard.items.find((i) => i.id === mum.id)).toMatchObject({ batteryLevel: 70 });
    const assigned = (await call(carer, 'GET', '/api/plugandplay/devicemanage/getAssignDeviceToUser')).body as unknown as Items;
    expect(assigned.items.find((i) => i.id === mum.id)).toMatchObject({ batteryLevel: 70 });
    const trouble = (await call(staff, 'GET', `/api/app/troubleshoot/${mum.id}`)).body as Record<string, unknown>;
    expect(trouble).toMatchObject({ batteryLevel: 70 });
  });

  it('answers a trail and a battery history over a time range, oldest first', async () => {
    const { mum } = await demoDevices(server.database.db);
    const from = new Date(start + 60_000).toISOString();
    const to = new Date(start + 3 * 60_000).toISOString();
    const trail = (await call(carer, 'GET', `/api/app/tracking/positions/trail?deviceId=${mum.id}&from=${from}&to=${to}`)).body as unknown as Items;
    expect(trail.items.map((p) => Number((p.latitude as number).toFixed(4)))).toEqual([55.601, 55.602, 55.603]);
    const battery = (await call(carer, 'GET', `/api/app/BatteryTimeHistoric?deviceId=${mum.id}&from=${new Date(start - 1000).toISOString()}`)).body as unknown as Items;
    expect(battery.items.map((p) => p.batteryLevel)).toEqual([90, 85, 80, 75, 70]);
    expect((await call(carer, 'GET', `/api/app/tracking/positions/trail?deviceId=${mum.id}&from=yesterday`)).status).toBe(400);
  });

  it('answers the event history, paged, filtered by device and type', async () => {
    const { dad } = await demoDevices(server.database.db);
    const history = (await call(carer, 'GET', `/api/app/eventEntry/history?deviceId=${dad.id}&type=sos&from=${new Date(start).toISOString()}&MaxResultCount=5`)).body as unknown as Items;
    expect(history.totalCount).toBe(1);
    expect(history.items[0]).toMatchObject({ deviceId: dad.id, deviceName: "Dad's watch", type: 'sos' });
  });

  it('answers the last 7 days of events unless asked for earlier ones, with the count of those it answers', async () => {
    const { dad } = await demoDevices(server.database.db);
    const db = server.database.db;
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600_000);
    const id = randomUUID();
    await sql`insert into device_events (id, tenant_id, device_id, type, event_time, attributes, keep_days)
      values (${id}, ${dad.tenant_id}, ${dad.id}, 'fall', ${eightDaysAgo}, '{}', ${keepDaysOf(dad.tenant_id)})`.execute(db);
    const read = async (query: string) => (await call(carer, 'GET', `/api/app/eventEntry/history?deviceId=${dad.id}&MaxResultCount=1000${query}`)).body as unknown as Items;
    const week = await read('');
    expect(week.items.map((e) => e.id)).not.toContain(id);
    expect(week.items.every((e) => Date.parse(String(e.eventTime)) >= Date.now() - 7 * 24 * 3600_000 - 60_000)).toBe(true);
    expect(week.totalCount).toBe(week.items.length);
    const longer = await read(`&from=${new Date(eightDaysAgo.getTime() - 1000).toISOString()}`);
    expect(longer.items.map((e) => e.id)).toContain(id);
    expect(longer.totalCount).toBe(week.totalCount! + 1);
    // Seven days before an explicit end.
    const then = await read(`&to=${new Date(eightDaysAgo.getTime() + 1000).toISOString()}`);
    expect(then.items.map((e) => e.id)).toContain(id);
    await db.deleteFrom('device_events').where('id', '=', id).execute();
  });

  it('lets staff read the tenant devices, and nobody from another tenant', async () => {
    const { mum } = await demoDevices(server.database.db);
    const levels = (await call(staff, 'GET', '/api/app/productInstance/battery-levels')).body as unknown as Items;
    // Every device of the tenant (the carers' watches and the stock), no other tenant's.
    const tenantDevices = await server.database.db.selectFrom('devices').select('id').where('tenant_id', '=', mum.tenant_id).where('is_deleted', '=', false).execute();
    expect(levels.items).toHaveLength(tenantDevices.length);
    expect(((await call(stranger, 'GET', '/api/app/productInstance/battery-levels')).body as unknown as Items).items).toEqual([]);
    expect((await call(stranger, 'GET', `/api/app/tracking/positions/trail?deviceId=${mum.id}`)).status).toBe(404);
    expect((await call(stranger, 'GET', `/api/app/BatteryTimeHistoric?deviceId=${mum.id}`)).status).toBe(404);
    expect((await call(stranger, 'GET', `/api/app/eventEntry/history`)).body.totalCount).toBe(0);
    expect((await fetch(`${server.url}/api/app/tracking/positions/latest`)).status).toBe(401);
  });

  it('keeps a device own offline timeout and low battery threshold, within limits', async () => {
    const { mum } = await demoDevices(server.database.db);
    const path = `/api/app/tracking/devices/${mum.id}/settings`;
    expect((await call(carer, 'GET', path)).body).toMatchObject({ offlineAfterMinutes: null, lowBatteryThreshold: null, defaults: { offlineAfterMinutes: 10, lowBatteryThreshold: 20 } });
    const saved = await call(carer, 'PUT', path, { offlineAfterMinutes: 30, lowBatteryThreshold: 25 });
    expect(saved.body).toMatchObject({ offlineAfterMinutes: 30, lowBatteryThreshold: 25 });
    const bad = await call(carer, 'PUT', path, { lowBatteryThreshold: 150 });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.validationErrors?.[0]?.members).toEqual(['lowBatteryThreshold']);
    expect((await call(stranger, 'PUT', path, { lowBatteryThreshold: 30 })).status).toBe(404);
  });
});
