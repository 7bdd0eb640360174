import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { FEATURES } from '../../common/features';
import { DEMO_PASSWORD, DEMO_STOCK_DEVICES, DEMO_TENANT, DEMO_WATCHES } from '../../server/seed/demo';
import { normalize } from '../../server/identity/user-records';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { createTenantUser } from '../support/fixtures';
import { caller } from '../support/api-calls';

/**
 * The caregiver's devices (server/devices): model lookup, adding from the tenant's stock with the
 * device cap, renaming, the dashboard list, one device with its receivers, and removing it; always
 * on the caller's own devices in the caller's tenant.
 */
const MANAGE = '/api/plugandplay/devicemanage';
const PRODUCTS = '/api/app/productInstance';
const CAP_MESSAGE = "You've reached the maximum number of devices allowed for your account.";

interface Device {
  id: string;
  name: string;
  imei: string;
  deviceId: string | null;
  model: string | null;
  status: string;
  subscriptionStatus: string;
  batteryLevel: number | null;
  lastContact: string | null;
  promotionsOptIn: boolean;
  concurrencyStamp: string;
}

describe.each(DATABASES)('caregiver devices ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  let demoTenant: string;
  let carer: string;
  let carerId: string;
  let other: string;
  let otherId: string;
  let foreign: string;
  let foreignTenant: string;
  const call = caller(() => server);
  let serial = 0;
  /** A fresh IMEI-shaped number for this run. */
  const imei = () => `86${String(Date.now()).slice(-7)}${String(++serial).padStart(6, '0')}`;

  async function stock(tenantId: string, values: { imei?: string; deviceId?: string | null; model?: string; owner?: string | null } = {}) {
    const row = { id: randomUUID(), imei: values.imei ?? imei(), deviceId: values.deviceId === undefined ? null : values.deviceId };
    await server.database.db
      .insertInto('devices')
      .values({ id: row.id, tenant_id: tenantId, owner_user_id: values.owner ?? null, name: row.imei, imei: row.imei, device_id: row.deviceId, model: values.model ?? 'watch4', concurrency_stamp: randomUUID(), creator_id: null })
      .execute();
    return row;
  }
  async function setCap(tenantId: string, value: number | null) {
    const db = server.database.db;
    await db.deleteFrom('feature_values').where('name', '=', FEATURES.maxDevicesPerAccount.name).where('provider_name', '=', 'T').where('provider_key', '=', tenantId).execute();
    if (value !== null) await db.insertInto('feature_values').values({ id: randomUUID(), name: FEATURES.maxDevicesPerAccount.name, value: String(value), provider_name: 'T', provider_key: tenantId }).execute();
  }
  const mine = async (token: string) => (await call(token, 'GET', `${MANAGE}/getAssignDeviceToUser`)).body as { totalCount: number; maxDeviceCount: number; items: Device[] };
  const add = (token: string, body: Record<string, unknown>) => call(token, 'POST', `${MANAGE}/assignDeviceToUser`, body);

  beforeAll(async () => {
    server = await startServer(databaseUrl);
    const db = server.database.db;
    demoTenant = (await db.selectFrom('tenants').select('id').where('normalized_name', '=', normalize(DEMO_TENANT)).executeTakeFirstOrThrow()).id;
    carerId = (await db.selectFrom('users').select('id').where('normalized_user_name', '=', 'CAREGIVER').executeTakeFirstOrThrow()).id;
    const b = await createTenantUser(db, { tenantId: demoTenant, userName: 'carer-b', role: 'carer-b', policies: CAREGIVER_POLICIES });
    const f = await createTenantUser(db, { tenant: 'Other Care', userName: 'carer-f', role: 'carer', policies: CAREGIVER_POLICIES });
    otherId = b.userId;
    foreignTenant = f.tenantId!;
    [carer, other, foreign] = (await Promise.all([
      tokensFor(server.url, 'caregiver', DEMO_PASSWORD),
      tokensFor(server.url, b.userName, b.password),
      tokensFor(server.url, f.userName, f.password),
    ])).map((t) => t.access_token) as [string, string, string];
  });
  afterAll(async () => server?.stop());

  it("lists the demo caregiver's two watches with the account's device cap", async () => {
    const list = await mine(carer);
    expect(list.maxDeviceCount).toBe(5);
    expect(list.items.map((d) => d.imei).sort()).toEqual(DEMO_WATCHES.map((w) => w.imei).sort());
    expect(list.items[0]).toMatchObject({ model: 'watch4', status: 'offline', subscriptionStatus: 'active', promotionsOptIn: false });
    expect((await mine(other)).items).toEqual([]);
  });

  it('answers the model of a stock device, and unknown for numbers it does not have or another tenant has', async () => {
    const known = await call(carer, 'GET', `${MANAGE}/getDeviceModel?imei=${DEMO_STOCK_DEVICES[0].imei}`);
    expect(known.status).toBe(200);
    expect(known.body).toMatchObject({ known: true, model: 'watch4', available: true, assignedToYou: false, deviceIdRequired: true });
    const serialNumber = await call(carer, 'GET', `${MANAGE}/getDeviceModel?serialNumber=${DEMO_STOCK_DEVICES[3].imei.toLowerCase()}`);
    expect(serialNumber.body).toMatchObject({ known: true, model: 'l10' });
    const owned = await call(other, 'GET', `${MANAGE}/getDeviceModel?imei=${DEMO_WATCHES[0].imei}`);
    expect(owned.body).toMatchObject({ known: true, available: false, assignedToYou: false });
    const theirs = await stock(foreignTenant);
    expect((await call(carer, 'GET', `${MANAGE}/getDeviceModel?imei=${theirs.imei}`)).body).toMatchObject({ known: false, model: null, available: false });
    const bad = await call(carer, 'GET', `${MANAGE}/getDeviceModel?imei=12345`);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.validationErrors?.[0]?.members).toEqual(['imei']);
  });

  it('refuses a malformed number, an unknown one, another tenant\'s and a wrong device ID, each on its field', async () => {
    for (const value of ['12345', '35693803564380', 'ABC 12!', '3569380356438099']) {
      const res = await add(carer, { imei: value, deviceId: 'X', name: 'Watch' });
      expect(res.status, value).toBe(400);
      expect(res.body.error?.validationErrors).toEqual([{ members: ['imei'], message: 'Enter the 15-digit IMEI or the serial number (5 to 32 letters and digits).' }]);
    }
    const unknown = await add(carer, { imei: imei(), name: 'Watch' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.validationErrors?.[0]?.message).toMatch(/don't know this IMEI/);
    const theirs = await stock(foreignTenant);
    expect((await add(carer, { imei: theirs.imei, name: 'Watch' })).status).toBe(400);
    const guarded = await stock(demoTenant, { deviceId: 'ID-777' });
    const missing = await add(carer, { imei: guarded.imei, name: 'Watch' });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.validationErrors?.[0]?.members).toEqual(['deviceId']);
    const wrong = await add(carer, { imei: guarded.imei, deviceId: 'ID-778', name: 'Watch' });
    expect(wrong.body.error?.validationErrors?.[0]?.message).toMatch(/does not match/);
    const blankName = await add(carer, { imei: guarded.imei, deviceId: 'ID-777', name: '   ' });
    expect(blankName.status).toBe(400);
    expect(blankName.body.error?.validationErrors?.[0]?.members).toEqual(['name']);
    expect((await mine(carer)).totalCount).toBe(2);
  });

  it("adds a stock device (spaces and letter case don't matter), once however often it is sent, and refuses it to anyone else", async () => {
    const device = await stock(demoTenant, { deviceId: 'vw-123' });
    const spaced = `${device.imei.slice(0, 5)} ${device.imei.slice(5, 10)} ${device.imei.slice(10)}`;
    const first = await add(other, { imei: spaced, deviceId: 'VW-123', name: '  Grandma  ', promotionsOptIn: true });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ id: device.id, imei: device.imei, name: 'Grandma', deviceId: 'vw-123', promotionsOptIn: true });
    // A double click: both answered with the same device, added once.
    const [again, twice] = await Promise.all([add(other, { imei: device.imei, deviceId: 'VW-123', name: 'Grandma' }), add(other, { imei: device.imei, deviceId: 'VW-123', name: 'Grandma' })]);
    expect([again.status, twice.status]).toEqual([200, 200]);
    expect((await mine(other)).items.map((d) => d.id)).toEqual([device.id]);

    const refused = await add(carer, { imei: device.imei, deviceId: 'VW-123', name: 'Mine now' });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe('This device is already registered to another account.');
    // A stock device without a device ID takes the one given.
    const open = await stock(demoTenant);
    const res = await add(other, { imei: open.imei, deviceId: 'NEW-1', name: 'Grandpa' });
    expect(res.body).toMatchObject({ deviceId: 'NEW-1', promotionsOptIn: false });
  });

  it("refuses a device beyond the tenant's cap with the cap message, also when two adds race for the last place", async () => {
    const user = await createTenantUser(server.database.db, { tenantId: demoTenant, userName: 'carer-cap', role: 'carer-b', policies: CAREGIVER_POLICIES });
    const token = (await tokensFor(server.url, user.userName, user.password)).access_token;
    await setCap(demoTenant, 2);
    let lost: { imei: string };
    try {
      const [a, b, c, d] = await Promise.all([stock(demoTenant), stock(demoTenant), stock(demoTenant), stock(demoTenant)]);
      expect((await add(token, { imei: a.imei, name: 'One' })).status).toBe(200);
      // One place left, two different devices at once: exactly one gets it.
      const raced = await Promise.all([add(token, { imei: b.imei, name: 'Two' }), add(token, { imei: c.imei, name: 'Three' })]);
      expect(raced.map((r) => r.status).sort()).toEqual([200, 403]);
      const loser = raced.find((r) => r.status === 403)!;
      expect(loser.body.error).toMatchObject({ message: CAP_MESSAGE, code: 'Vigil.Devices:MaxDevicesReached' });
      const full = await add(token, { imei: d.imei, name: 'Four' });
      expect(full.status).toBe(403);
      expect(full.body.error?.message).toBe(CAP_MESSAGE);
      const danish = await call(token, 'POST', `${MANAGE}/assignDeviceToUser`, { imei: d.imei, name: 'Fire' }, { lang: 'da' });
      expect(danish.body.error?.message).not.toBe(CAP_MESSAGE);
      const list = await mine(token);
      expect(list).toMatchObject({ totalCount: 2, maxDeviceCount: 2 });
      lost = [b, c].find((x) => !list.items.some((i) => i.id === x.id))!;
    } finally {
      await setCap(demoTenant, null);
    }
    // The loser's device stays in stock for someone else.
    expect((await add(other, { imei: lost.imei, name: 'Spare' })).status).toBe(200);
  });

  it('renames a device and changes its promotions choice; refuses a stale stamp, a blank name and another carer\'s device', async () => {
    const device = (await mine(carer)).items.find((d) => d.imei === DEMO_WATCHES[0].imei)!;
    const renamed = await call(carer, 'PUT', `${MANAGE}/updateDevice`, { id: device.id, name: 'Mum', promotionsOptIn: true, concurrencyStamp: device.concurrencyStamp });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Mum', promotionsOptIn: true });
    const stale = await call(carer, 'PUT', `${MANAGE}/updateDevice`, { id: device.id, name: 'Mother', concurrencyStamp: device.concurrencyStamp });
    expect(stale.status).toBe(409);
    const optOut = await call(carer, 'PUT', `${MANAGE}/updateDevice`, { id: device.id, promotionsOptIn: false });
    expect(optOut.body).toMatchObject({ name: 'Mum', promotionsOptIn: false });
    expect((await call(carer, 'PUT', `${MANAGE}/updateDevice`, { id: device.id, name: '' })).status).toBe(400);
    expect((await call(carer, 'PUT', `${MANAGE}/updateDevice`, { id: device.id, name: 'x'.repeat(101) })).status).toBe(400);
    const theirs = await call(other, 'PUT', `${MANAGE}/updateDevice`, { id: device.id, name: 'Stolen' });
    expect(theirs.status).toBe(404);
    expect((await call(foreign, 'PUT', `${MANAGE}/updateDevice`, { id: device.id, name: 'Stolen' })).status).toBe(404);
    expect((await mine(carer)).items.find((d) => d.id === device.id)?.name).toBe('Mum');
  });

  it('pages, sorts and filters the dashboard with status, subscription, battery and last contact', async () => {
    const db = server.database.db;
    const [mum, dad] = DEMO_WATCHES.map((w) => w.imei);
    // The devices row only: without the live state of the demo's seeded history (which would win), Dad's watch never heard from.
    const ids = (await db.selectFrom('devices').select('id').where('imei', 'in', [mum!, dad!]).execute()).map((d) => d.id);
    await db.deleteFrom('device_state').where('device_id', 'in', ids).execute();
    await db.updateTable('devices').set({ status: 'online', battery_level: 81, last_contact: '2026-11-20T08:15:00Z' }).where('imei', '=', mum!).execute();
    await db.updateTable('devices').set({ status: 'offline', subscription_status: 'paused', battery_level: 12, last_contact: null }).where('imei', '=', dad!).execute();
    const page = await call(carer, 'GET', `${PRODUCTS}/pagedDashboard?SkipCount=0&MaxResultCount=1&Sorting=batteryLevel desc`);
    expect(page.status).toBe(200);
    expect(page.body.totalCount).toBe(2);
    const [first] = page.body.items as Device[];
    expect(first).toMatchObject({ imei: mum, status: 'online', subscriptionStatus: 'active', batteryLevel: 81, lastContact: '2026-11-20T08:15:00.000Z' });
    const next = await call(carer, 'GET', `${PRODUCTS}/pagedDashboard?skipCount=1&maxResultCount=1&sorting=batteryLevel desc`);
    expect((next.body.items as Device[])[0]).toMatchObject({ imei: dad, subscriptionStatus: 'paused', batteryLevel: 12, lastContact: null });
    const filtered = await call(carer, 'GET', `${PRODUCTS}/pagedDashboard?Filter=${dad!.slice(-6)}`);
    expect((filtered.body.items as Device[]).map((d) => d.imei)).toEqual([dad]);
    expect((await call(carer, 'GET', `${PRODUCTS}/pagedDashboard?Filter=%25`)).body.totalCount).toBe(0);
    expect((await call(carer, 'GET', `${PRODUCTS}/pagedDashboard?MaxResultCount=1001`)).status).toBe(400);
    expect((await call(carer, 'GET', `${PRODUCTS}/pagedDashboard?Sorting=imei;drop`)).status).toBe(400);
    expect((await call(other, 'GET', `${PRODUCTS}/pagedDashboard`)).body.items).not.toContainEqual(expect.objectContaining({ imei: mum }));
    expect((await call(foreign, 'GET', `${PRODUCTS}/pagedDashboard`)).body).toEqual({ totalCount: 0, items: [] });
  });

  it('reads one own device with its alarm receivers; another carer\'s or tenant\'s is a 404', async () => {
    const device = (await mine(carer)).items[0]!;
    const res = await call(carer, 'GET', `${PRODUCTS}/with-navigation-properties/${device.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ productInstance: { id: device.id, imei: device.imei }, alarmReceivers: [] });
    expect((await call(other, 'GET', `${PRODUCTS}/with-navigation-properties/${device.id}`)).status).toBe(404);
    expect((await call(foreign, 'GET', `${PRODUCTS}/with-navigation-properties/${device.id}`)).status).toBe(404);
    expect((await call(carer, 'GET', `${PRODUCTS}/with-navigation-properties/not-an-id`)).status).toBe(404);
    expect((await call(carer, 'GET', `${PRODUCTS}/with-navigation-properties/${randomUUID()}`)).status).toBe(404);
  });

  it("removes an own device back to the tenant's stock, where another carer can add it; not someone else's", async () => {
    const device = await stock(demoTenant, { deviceId: 'RM-1' });
    const added = (await add(carer, { imei: device.imei, deviceId: 'RM-1', name: 'Short-lived', promotionsOptIn: true })).body as unknown as Device;
    const db = server.database.db;
    await db.insertInto('device_alarm_receivers').values({ id: randomUUID(), tenant_id: demoTenant, device_id: added.id, email: 'someone@example.org', status: 'active' }).execute();

    expect((await call(other, 'DELETE', `${PRODUCTS}/dashboard/${added.id}`)).status).toBe(404);
    expect((await call(foreign, 'DELETE', `${PRODUCTS}/dashboard/${added.id}`)).status).toBe(404);
    // The schema resource's delete needs Vigil.Devices.Delete, which caregivers do not hold.
    expect((await call(carer, 'DELETE', `${PRODUCTS}/${added.id}`)).status).toBe(403);
    const removed = await call(carer, 'DELETE', `${PRODUCTS}/dashboard/${added.id}`);
    expect(removed.status).toBe(204);
    expect((await mine(carer)).items.map((d) => d.id)).not.toContain(added.id);
    const row = await db.selectFrom('devices').selectAll().where('id', '=', added.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ owner_user_id: null, is_deleted: false, name: device.imei, device_id: 'RM-1' });
    expect(await db.selectFrom('device_alarm_receivers').select('id').where('device_id', '=', added.id).execute()).toEqual([]);
    expect((await call(carer, 'DELETE', `${PRODUCTS}/dashboard/${added.id}`)).status).toBe(404);

    const readded = await add(other, { imei: device.imei, deviceId: 'RM-1', name: 'Second life' });
    expect(readded.body).toMatchObject({ id: added.id, name: 'Second life', promotionsOptIn: false });
    expect(otherId).toBeTruthy();
  });

  it('asks for sign-in and the dashboard policy', async () => {
    expect((await fetch(`${server.url}${MANAGE}/getAssignDeviceToUser`)).status).toBe(401);
    const staff = (await tokensFor(server.url, 'staff', DEMO_PASSWORD)).access_token;
    const noPolicy = await createTenantUser(server.database.db, { tenantId: demoTenant, userName: 'no-dashboard', role: 'viewer', policies: ['Vigil.Guides'] });
    const token = (await tokensFor(server.url, noPolicy.userName, noPolicy.password)).access_token;
    expect((await add(token, { imei: imei(), name: 'x' })).status).toBe(403);
    expect((await call(token, 'GET', `${PRODUCTS}/pagedDashboard`)).status).toBe(403);
    // Staff hold the policy but own no device: an empty dashboard, not the tenant's devices.
    expect((await call(staff, 'GET', `${PRODUCTS}/pagedDashboard`)).body.totalCount).toBe(0);
    expect(carerId).toBeTruthy();
  });
});
