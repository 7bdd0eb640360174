import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveIndoorPosition } from '../../server/device-stock';
import { policyCatalogue } from '../../server/permissions/catalogue';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { caller } from '../support/api-calls';
import { downloadSheet, imei, insertDeviceMessage } from '../support/device-stock';
import { createTenantUser } from '../support/fixtures';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';

/** Device data reports (xlsx), troubleshooting and Wi-Fi lookup by MAC: server/device-stock. */
describe.each(DATABASES)('device reports, troubleshooting, Wi-Fi ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  let tenantA: string;
  let tenantB: string;
  let tenantAId: string;
  let host: string;
  let noTroubleshoot: string;
  const call = caller(() => server);
  const BASE = '/api/app/productInstance';
  const device = async (token: string, model = 'watch4', name?: string) => {
    const value = imei();
    const res = await call(token, 'POST', `${BASE}/hostData/batchCreate`, `imei;model;name\n${value};${model};${name ?? ''}`, { contentType: 'text/csv' });
    expect(res.body).toMatchObject({ created: 1 });
    return server.database.db.selectFrom('devices').select(['id', 'tenant_id', 'imei', 'name']).where('imei', '=', value).executeTakeFirstOrThrow();
  };

  beforeAll(async () => {
    server = await startServer(databaseUrl);
    const policies = policyCatalogue(server.engine.schemas);
    const a = await createTenantUser(server.database.db, { tenant: 'Report Tenant A', userName: 'report-a', role: 'admin', policies });
    const b = await createTenantUser(server.database.db, { tenant: 'Report Tenant B', userName: 'report-b', role: 'admin', policies });
    const n = await createTenantUser(server.database.db, { tenantId: a.tenantId, userName: 'report-devices-only', role: 'devices', policies: ['Vigil.Devices'] });
    tenantAId = a.tenantId!;
    [tenantA, tenantB, noTroubleshoot] = (await Promise.all([a, b, n].map((u) => tokensFor(server.url, u.userName, u.password).then((t) => t.access_token)))) as [string, string, string];
    host = (await tokensFor(server.url, 'admin', DEMO_PASSWORD)).access_token;
  });
  afterAll(async () => server?.stop());

  it('downloads the device stock as xlsx with translated headers and labels, only the caller\'s devices', async () => {
    const mine = await device(tenantA, 'evi', 'Report watch');
    const theirs = await device(tenantB, 'evi', 'Other watch');
    await call(tenantA, 'POST', `${BASE}/stop/lost`, { ids: [mine.id] });
    const sheet = await downloadSheet(server, tenantA, '/api/app/datareport/devices?model=evi');
    expect(sheet.status).toBe(200);
    expect(sheet.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(sheet.disposition).toMatch(/^attachment; filename="devices-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const [header, ...rows] = sheet.rows;
    expect(header!.slice(0, 5)).toEqual(['Name', 'IMEI or serial number', 'Device ID', 'Model', 'SIM card ICCID']);
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries(header!.map((h, i) => [h, rows[0]![i]]));
    expect(row).toMatchObject({ Name: 'Report watch', 'IMEI or serial number': mine.imei, Model: 'EVI watch', Tenant: 'Report Tenant A', 'Stop reason': 'Lost', 'In use': 'No', 'Sales type': 'Sale' });
    expect(row['Stopped at']).toBeInstanceOf(Date);
    expect(JSON.stringify(rows)).not.toContain(theirs.imei);

    const da = await downloadSheet(server, tenantA, '/api/app/datareport/devices?model=evi', 'da');
    expect(da.rows[0]!.slice(0, 4)).toEqual(['Navn', 'IMEI eller serienummer', 'Enheds-id', 'Model']);
    expect(da.rows[1]).toContain('Mistet');
    expect((await downloadSheet(server, tenantA, '/api/app/datareport/devices?stopReason=nonsense')).status).toBe(400);
  });

  it('counts devices per tenant for the host only', async () => {
    await device(tenantB, 'tizen');
    const sheet = await downloadSheet(server, host, '/api/app/datareport/devicesByTenant');
    expect(sheet.status).toBe(200);
    expect(sheet.rows[0]).toEqual(['Tenant', 'Devices', 'In use', 'In stock', 'Stopped', 'Connected now', 'Active subscriptions', 'Paused subscriptions']);
    const b = sheet.rows.find((r) => r[0] === 'Report Tenant B')!;
    const total = await server.database.db.selectFrom('devices').select((eb) => eb.fn.countAll<string>().as('n')).where('tenant_id', '=', (await server.database.db.selectFrom('tenants').select('id').where('name', '=', 'Report Tenant B').executeTakeFirstOrThrow()).id).executeTakeFirstOrThrow();
    expect(b[1]).toBe(Number(total.n));
    expect(sheet.rows.some((r) => r[0] === 'Sunrise Care')).toBe(true);
    expect((await downloadSheet(server, tenantA, '/api/app/datareport/devicesByTenant')).status).toBe(403);
  });

  it('lists device alarms from device events in a time window', async () => {
    const watch = await device(tenantA, 'watch4', 'Alarm watch');
    const other = await device(tenantB, 'watch4', 'Alarm watch B');
    const db = server.database.db;
    const now = Date.now();
    for (const [dev, type, ago] of [[watch, 'sos', 1], [watch, 'geofenceExit', 2], [watch, 'fall', 60 * 24 * 40], [other, 'sos', 1]] as const) {
      await db.insertInto('device_events').values({ id: randomUUID(), tenant_id: dev.tenant_id, device_id: dev.id, type, event_time: new Date(now - ago * 60_000), attributes: JSON.stringify({ note: type }) }).execute();
    }
    const sheet = await downloadSheet(server, tenantA, `/api/app/datareport/devicealarms?deviceId=${watch.id}`);
    expect(sheet.rows[0]).toEqual(['Time', 'Device', 'IMEI or serial number', 'Tenant', 'Kind of alarm', 'Details']);
    expect(sheet.rows.slice(1).map((r) => r[4])).toEqual(['SOS button pressed', 'Left a safe zone']);
    expect(sheet.rows[1]![0]).toBeInstanceOf(Date);
    const all = await downloadSheet(server, tenantA, '/api/app/datareport/devicealarms');
    expect(JSON.stringify(all.rows)).not.toContain('Alarm watch B');
    const old = await downloadSheet(server, tenantA, `/api/app/datareport/devicealarms?deviceId=${watch.id}&from=${new Date(now - 60 * 24 * 3600_000).toISOString()}&type=fall`);
    expect(old.rows.slice(1).map((r) => r[4])).toEqual(['Fall detected']);
    expect((await downloadSheet(server, tenantA, '/api/app/datareport/devicealarms?from=yesterday')).status).toBe(400);
  });

  it('troubleshoots a device: last message, battery and signal from it, online state, raw messages newest first', async () => {
    const watch = await device(tenantA, 'watch4', 'Troubled watch');
    const empty = await call(tenantA, 'GET', `/api/app/troubleshoot/${watch.id}`);
    expect(empty.body).toMatchObject({ lastMessageTime: null, signal: null, online: false, messages: [] });
    const t0 = Date.now() - 60_000;
    await insertDeviceMessage(server.database.db, watch, `/?id=${watch.imei}&lat=55.6&lon=12.5&batt=71&rssi=-67`, 'stored', new Date(t0));
    await insertDeviceMessage(server.database.db, watch, `{"location":{"coords":{"latitude":91,"longitude":12}},"device_id":"${watch.imei}"}`, 'rejected', new Date(t0 + 1000));
    await insertDeviceMessage(server.database.db, watch, `id=${watch.imei}&lat=55.6&lon=12.5&batt=64&signal=3`, 'stored', new Date(t0 + 2000));
    await server.database.db.updateTable('devices').set({ status: 'online', last_contact: new Date(t0 + 2000) }).where('id', '=', watch.id).execute();
    const res = await call(tenantA, 'GET', `/api/app/troubleshoot/${watch.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ device: { name: 'Troubled watch', imei: watch.imei }, online: true, batteryLevel: 64, signal: 3, lastMessageTime: new Date(t0 + 2000).toISOString() });
    expect((res.body.messages as { outcome: string }[]).map((m) => m.outcome)).toEqual(['stored', 'rejected', 'stored']);
    expect((res.body.messages as { detail: string | null }[])[1]!.detail).toBe('test rejected');
    expect((await call(tenantA, 'GET', `/api/app/troubleshoot/${watch.id}?maxResultCount=1`)).body.messages).toHaveLength(1);
    expect((await call(tenantB, 'GET', `/api/app/troubleshoot/${watch.id}`)).status).toBe(404);
    expect((await call(noTroubleshoot, 'GET', `/api/app/troubleshoot/${watch.id}`)).status).toBe(403);
    expect((await call(tenantA, 'GET', '/api/app/troubleshoot/not-an-id')).status).toBe(404);
  });

  it('finds a Wi-Fi network by MAC in any spelling and resolves indoor positions for the ingest', async () => {
    const created = await call(tenantA, 'POST', '/api/app/wifi', { macAddress: 'AA:BB:CC:00:11:22', ssid: 'Home', latitude: 55.68, longitude: 12.57 });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    for (const spelling of ['aa-bb-cc-00-11-22', 'aabbcc001122', 'AA:BB:CC:00:11:22', 'aabb.cc00.1122']) {
      const res = await call(tenantA, 'GET', `/api/app/wifi/by-mac/${encodeURIComponent(spelling)}`);
      expect(res.body, spelling).toMatchObject({ id: created.body.id, macAddress: 'AA:BB:CC:00:11:22', ssid: 'Home' });
    }
    expect((await call(tenantA, 'GET', '/api/app/wifi/by-mac/AA:BB:CC:00:11')).status).toBe(400);
    expect((await call(tenantA, 'GET', '/api/app/wifi/by-mac/AA:BB:CC:00:11:23')).status).toBe(404);
    expect((await call(tenantB, 'GET', '/api/app/wifi/by-mac/AA:BB:CC:00:11:22')).status).toBe(404);

    const { engine } = server;
    const db = server.database.db;
    expect(await resolveIndoorPosition(db, engine, tenantAId, ['11:22:33:44:55:66', 'aa-bb-cc-00-11-22'])).toMatchObject({ macAddress: 'AA:BB:CC:00:11:22', latitude: 55.68, longitude: 12.57 });
    expect(await resolveIndoorPosition(db, engine, null, ['aa-bb-cc-00-11-22'])).toBeNull();
    expect(await resolveIndoorPosition(db, engine, tenantAId, ['garbage'])).toBeNull();
  });
});
