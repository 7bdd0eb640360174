import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { caller } from '../support/api-calls';
import { LANGUAGES } from '../../common/languages';
import { ALARM_TYPES } from '../../common/alarm-kinds';
import { DEMO_CITIZENS, DEMO_HOME, DEMO_PASSWORD, DEMO_SECOND_TENANT, DEMO_TENANT, DEMO_USERS, DEMO_WATCHES, seedDemo } from '../../server/seed/demo';
import type { Db } from '../../server/db/database';

type Item = Record<string, unknown>;
type Page = { totalCount: number; items: Item[] };
const DAY_MS = 86_400_000;
/** Metres between two points (equirectangular: fine over a few kilometres). */
const metresBetween = (lat1: number, lon1: number, lat2: number, lon2: number) =>
  Math.hypot((lat1 - lat2) * 111_320, (lon1 - lon2) * 111_320 * Math.cos((lat2 * Math.PI) / 180));

/** Ids and names of the seeded records, table by table: what must be the same on two fresh databases. */
async function snapshot(db: Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  const tables: [string, string][] = [
    ['tenants', 'name'], ['users', 'user_name'], ['organizations', 'name'], ['customers', 'name'], ['contact_people', 'name'], ['citizens', 'last_name'],
    ['devices', 'imei'], ['geofences', 'name'], ['alarm_texts', 'subject'], ['messages', 'title'], ['guides', 'title'], ['accessories', 'name'],
    ['command_templates', 'name'], ['invoices', 'number'], ['simcards', 'iccid'], ['wifis', 'mac_address'], ['billing_subscriptions', 'status'], ['device_alarm_receivers', 'email'],
  ];
  for (const [table, name] of tables) {
    const rows = await sql<{ id: string; name: string }>`select id::text as id, ${sql.ref(name)}::text as name from ${sql.table(table)} order by id`.execute(db);
    out[table] = rows.rows.map((r) => `${r.id} ${r.name}`);
  }
  const positions = await sql<{ id: string }>`select id::text as id from positions order by id`.execute(db);
  out.positions = positions.rows.map((r) => r.id);
  return out;
}

/** The demo data every menu entry shows, read through the API the entry's page uses. */
describe('demo data', () => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  let caregiver: string;
  let fjord: string;
  const call = caller(() => server);
  const page = async (token: string, path: string) => {
    const res = await call(token, 'GET', path);
    expect(res.status, path).toBe(200);
    return res.body as unknown as Page;
  };

  beforeAll(async () => {
    server = await startServer('');
    const tokens = await Promise.all([DEMO_USERS.admin, DEMO_USERS.staff, DEMO_USERS.caregiver, DEMO_USERS.fjordStaff].map((u) => tokensFor(server.url, u.userName, DEMO_PASSWORD)));
    [admin, staff, caregiver, fjord] = tokens.map((t) => t.access_token) as [string, string, string, string];
  });
  afterAll(async () => server?.stop());

  it('has citizens with address, organisation, watch, zones and receivers', async () => {
    const citizens = await page(staff, '/api/app/monitoredObject?MaxResultCount=100');
    expect(citizens.items.map((c) => `${String(c.firstName)} ${String(c.lastName)}`).sort()).toEqual(DEMO_CITIZENS.map((c) => `${c.firstName} ${c.lastName}`).sort());
    for (const citizen of citizens.items) {
      expect(citizen).toMatchObject({ address: expect.any(String), postalCode: expect.any(String), city: expect.any(String), organizationId: expect.any(String), deviceCount: 1 });
      const id = String(citizen.id);
      expect((await page(staff, `/api/app/monitoredObject/${id}/devices`)).items).toHaveLength(1);
      const zones = (await page(staff, `/api/app/monitoredObject/${id}/geofences`)).items;
      expect(zones.length).toBeGreaterThan(0);
      const receivers = (await page(staff, `/api/app/monitoredObject/${id}/alarm-responders`)).items;
      expect(receivers.length).toBeGreaterThan(0);
      expect(receivers[0]).toMatchObject({ status: 'active', email: DEMO_USERS.staff.email });
    }
    // Zones of both shapes; each citizen's Wi-Fi and SIM card.
    const shapes = new Set<unknown>();
    for (const citizen of citizens.items) for (const z of (await page(staff, `/api/app/monitoredObject/${String(citizen.id)}/geofences`)).items) shapes.add(z.shape);
    expect(shapes.size).toBe(2);
    expect((await page(staff, '/api/app/wifi')).totalCount).toBe(DEMO_CITIZENS.length);
    expect((await page(staff, '/api/app/simCardInstance')).totalCount).toBe(DEMO_CITIZENS.length);
  });

  it('has invoices, guides, messages and alarm texts in all five languages', async () => {
    const invoices = await page(staff, '/api/app/invoice?MaxResultCount=100');
    expect(new Set(invoices.items.map((i) => i.status))).toEqual(new Set(['paid', 'open', 'draft', 'void']));
    const messages = await page(staff, '/api/app/scheduledmessage?MaxResultCount=100');
    expect(new Set(messages.items.map((m) => m.status))).toEqual(new Set(['sent', 'scheduled', 'draft']));
    const guides = await page(caregiver, '/api/app/guides?MaxResultCount=100');
    expect(new Set(guides.items.map((g) => g.language))).toEqual(new Set(LANGUAGES.map((l) => l.cultureName)));

    const texts = await page(staff, '/api/app/alarm-texts?MaxResultCount=1000');
    const languages = new Set(texts.items.map((t) => t.language));
    expect([...languages].sort()).toEqual(['da-DK', 'de-DE', 'en', 'no', 'sv']);
    for (const language of languages) expect(texts.items.filter((t) => t.language === language).length).toBeGreaterThanOrEqual(ALARM_TYPES.length - 1);
    const fjordTexts = await page(fjord, '/api/app/alarm-texts?MaxResultCount=1000');
    expect(fjordTexts.totalCount).toBe(ALARM_TYPES.length * LANGUAGES.length);
  });

  it("lists an event's alarm texts in the Language field's order, whichever way the events are sorted", async () => {
    const order = LANGUAGES.map((l) => l.cultureName);
    for (const sorting of ['', '&Sorting=eventType%20asc', '&Sorting=eventType%20desc']) {
      const texts = (await page(fjord, `/api/app/alarm-texts?MaxResultCount=1000${sorting}`)).items;
      const events = [...new Set(texts.map((t) => String(t.eventType)))];
      expect(events).toHaveLength(ALARM_TYPES.length);
      for (const event of events) expect(texts.filter((t) => t.eventType === event).map((t) => t.language), `${event} ${sorting}`).toEqual(order);
    }
  });

  it('has an organisation tree three levels deep, customers with contact people and linked organisations', async () => {
    const organizations = (await page(staff, '/api/app/organizations-overviews?MaxResultCount=1000')).items;
    const parentOf = new Map(organizations.map((o) => [String(o.id), o.parentId as string | null]));
    const depth = (id: string): number => (parentOf.get(id) ? 1 + depth(parentOf.get(id)!) : 1);
    expect(Math.max(...organizations.map((o) => depth(String(o.id))))).toBe(3);
    const root = organizations.find((o) => o.parentId === null)!;
    expect((await page(staff, `/api/app/organizations-overviews/${String(root.id)}/children`)).items.length).toBeGreaterThan(1);

    const customers = (await page(staff, '/api/app/customer?MaxResultCount=100')).items;
    const linked = customers.filter((c) => Number(c.organizationCount) > 0 && Number(c.contactPersonCount) > 0);
    expect(linked.length).toBeGreaterThanOrEqual(2);
    for (const customer of linked) {
      expect((await page(staff, `/api/app/customer/${String(customer.id)}/linkedOrganizations`)).items.length).toBe(customer.organizationCount);
      expect((await page(staff, `/api/app/customer/${String(customer.id)}/contacts`)).items.length).toBe(customer.contactPersonCount);
    }
    expect((await page(staff, '/api/app/contactPerson')).totalCount).toBeGreaterThanOrEqual(4);
  });

  it('has accessories, device administration, stop reasons and command templates', async () => {
    expect((await page(admin, '/api/app/product/accessories')).totalCount).toBeGreaterThan(0);
    expect((await page(admin, '/api/app/device-administration')).totalCount).toBeGreaterThan(0);
    const templates = (await page(staff, '/api/app/command-templatess?MaxResultCount=100')).items;
    expect(templates.some((t) => t.isTextMessage === true && (t.variables as string[]).length > 0)).toBe(true);
    for (const reason of ['lost', 'awaitingReturn', 'customerDevice', 'trashed']) {
      expect((await page(staff, `/api/app/productInstance/hostData?stopReason=${reason}`)).totalCount, reason).toBeGreaterThan(0);
    }
  });

  it('has a week of positions, battery readings and events for the citizens\u2019 watches', async () => {
    const citizen = (await page(staff, '/api/app/monitoredObject?MaxResultCount=100')).items[0]!;
    const [watch] = (await page(staff, `/api/app/monitoredObject/${String(citizen.id)}/devices`)).items;
    const deviceId = String(watch!.id);
    const from = new Date(Date.now() - 7 * DAY_MS - 3600_000).toISOString();
    const battery = (await page(staff, `/api/app/BatteryTimeHistoric?deviceId=${deviceId}&from=${from}`)).items as { time: string; batteryLevel: number }[];
    expect(battery.length).toBeGreaterThan(6 * 24 * 6);
    expect(Date.parse(battery.at(-1)!.time) - Date.parse(battery[0]!.time)).toBeGreaterThan(6.9 * DAY_MS);
    expect(Math.max(...battery.map((b) => b.batteryLevel)) - Math.min(...battery.map((b) => b.batteryLevel))).toBeGreaterThan(40);
    const trail = (await page(staff, `/api/app/tracking/positions/trail?deviceId=${deviceId}`)).items;
    expect(trail.length).toBeGreaterThan(100);
    expect((await page(staff, `/api/app/tracking/positions/latest?deviceIds=${deviceId}`)).items).toHaveLength(1);

    const events = await page(staff, '/api/app/eventEntry/history?MaxResultCount=1000');
    const types = new Set(events.items.map((e) => e.type));
    for (const type of ['geofenceExit', 'geofenceEnter', 'lowBattery', 'offline']) expect(types, type).toContain(type);
    expect(events.items.filter((e) => e.type === 'geofenceExit').every((e) => typeof e.geofenceName === 'string')).toBe(true);
    const week = Date.now() - 7 * DAY_MS - 3600_000;
    expect(events.items.every((e) => Date.parse(String(e.eventTime)) > week && Date.parse(String(e.eventTime)) < Date.now())).toBe(true);
  });

  it("has a week of positions, battery readings and events for the caregiver's own watches, offline since", async () => {
    const devices = (await page(caregiver, '/api/app/productInstance/pagedDashboard?MaxResultCount=10')).items;
    expect(devices.map((d) => d.name).sort()).toEqual(DEMO_WATCHES.map((w) => w.name).sort());
    const mum = devices.find((d) => d.name === DEMO_WATCHES[0].name)!;
    const deviceId = String(mum.id);
    // Last heard from a little before the seed: offline, with the battery and the time of the last fix.
    expect(mum).toMatchObject({ status: 'offline', batteryLevel: expect.any(Number) });
    const lastContact = Date.parse(String(mum.lastContact));
    expect(lastContact).toBeLessThan(Date.now() - 20 * 60_000);
    expect(lastContact).toBeGreaterThan(Date.now() - 3600_000 - 10 * 60_000);

    const [latest] = (await page(caregiver, `/api/app/tracking/positions/latest?deviceIds=${deviceId}`)).items;
    expect(latest).toMatchObject({ deviceId, status: 'offline', batteryLevel: mum.batteryLevel, lastContact: mum.lastContact, fixTime: mum.lastContact });
    // Taken off at home: the last fix is inside the Home zone.
    expect(metresBetween(Number(latest!.latitude), Number(latest!.longitude), DEMO_HOME.lat, DEMO_HOME.lon)).toBeLessThan(DEMO_HOME.radius);
    const [info] = (await page(caregiver, '/api/app/CurrentDeviceInformation/dashboardinfoforuser')).items.filter((d) => d.deviceId === deviceId);
    expect(info).toMatchObject({ status: 'offline', lastPosition: { latitude: latest!.latitude, longitude: latest!.longitude }, lastEvent: { type: 'offline' } });

    const from = new Date(Date.now() - 7 * DAY_MS - 3600_000).toISOString();
    const battery = (await page(caregiver, `/api/app/BatteryTimeHistoric?deviceId=${deviceId}&from=${from}`)).items as { time: string; batteryLevel: number }[];
    expect(battery.length).toBeGreaterThan(6 * 24 * 6);
    expect(Date.parse(battery.at(-1)!.time) - Date.parse(battery[0]!.time)).toBeGreaterThan(6.9 * DAY_MS);
    expect(Date.parse(battery.at(-1)!.time)).toBe(lastContact);
    expect(Math.max(...battery.map((b) => b.batteryLevel)) - Math.min(...battery.map((b) => b.batteryLevel))).toBeGreaterThan(40);
    // The map's default day, and the week with walks out of the Home zone.
    expect((await page(caregiver, `/api/app/tracking/positions/trail?deviceId=${deviceId}`)).items.length).toBeGreaterThan(100);
    const week = (await page(caregiver, `/api/app/tracking/positions/trail?deviceId=${deviceId}&from=${from}`)).items;
    expect(week.length).toBeGreaterThan(6 * 24 * 6);
    expect(week.some((p) => metresBetween(Number(p.latitude), Number(p.longitude), DEMO_HOME.lat, DEMO_HOME.lon) > DEMO_HOME.radius + 50)).toBe(true);

    const events = (await page(caregiver, `/api/app/eventEntry/history?deviceId=${deviceId}&MaxResultCount=1000`)).items;
    const types = events.map((e) => e.type);
    for (const type of ['geofenceExit', 'geofenceEnter', 'offline']) expect(types, type).toContain(type);
    expect(types.filter((t) => t === 'geofenceEnter')).toHaveLength(types.filter((t) => t === 'geofenceExit').length);
    expect(events.filter((e) => String(e.type).startsWith('geofence')).every((e) => e.geofenceName === DEMO_HOME.name)).toBe(true);
    expect(events.every((e) => e.deviceId === deviceId && Date.parse(String(e.eventTime)) > Date.now() - 7 * DAY_MS - 3600_000 && Date.parse(String(e.eventTime)) < Date.now())).toBe(true);
    // The newest event: gone offline ten minutes after the last fix.
    expect(events[0]).toMatchObject({ type: 'offline' });
    expect(Date.parse(String(events[0]!.eventTime))).toBeGreaterThan(lastContact);
    // Both watches: Dad's older battery runs low in the evenings.
    const all = (await page(caregiver, '/api/app/eventEntry/history?type=lowBattery&MaxResultCount=1000')).items;
    expect(all.some((e) => e.deviceName === DEMO_WATCHES[1].name)).toBe(true);
  });

  it("gives the second tenant's staff its own records and none of Sunrise Care's", async () => {
    const tenants = (await page(admin, '/api/saas/tenants?MaxResultCount=100')).items.map((t) => t.name);
    expect(tenants).toEqual(expect.arrayContaining([DEMO_TENANT, DEMO_SECOND_TENANT]));
    const theirs = await page(fjord, '/api/app/monitoredObject?MaxResultCount=100');
    const ours = await page(staff, '/api/app/monitoredObject?MaxResultCount=100');
    expect(theirs.totalCount).toBeGreaterThan(0);
    const tenantIds = new Set(theirs.items.map((c) => c.tenantId));
    expect(tenantIds.size).toBe(1);
    expect(tenantIds.has(ours.items[0]!.tenantId)).toBe(false);
    expect((await call(fjord, 'GET', `/api/app/monitoredObject/${String(ours.items[0]!.id)}`)).status).toBe(404);
    for (const path of ['/api/app/organizations-overviews', '/api/app/customer', '/api/app/invoice', '/api/app/alarm-texts', '/api/app/scheduledmessage', '/api/app/contactPerson']) {
      const items = (await page(fjord, `${path}?MaxResultCount=1000`)).items;
      expect(items.length, path).toBeGreaterThan(0);
      expect(items.every((i) => tenantIds.has(i.tenantId)), path).toBe(true);
    }
    const events = await page(fjord, '/api/app/eventEntry/history?MaxResultCount=1000');
    expect(events.totalCount).toBeGreaterThan(0);
    const fjordWatches = new Set((await page(fjord, '/api/app/productInstance/battery-levels')).items.map((d) => d.deviceId));
    expect(events.items.every((e) => fjordWatches.has(e.deviceId))).toBe(true);
  });

  it('seeds once: a second run is a no-op', async () => {
    const before = await snapshot(server.database.db);
    expect(await seedDemo(server.database.db)).toBe(false);
    expect(await snapshot(server.database.db)).toEqual(before);
  });

  it('seeds the same ids and names on another fresh database', async () => {
    const other = await startServer('');
    try {
      const [mine, theirs] = await Promise.all([snapshot(server.database.db), snapshot(other.database.db)]);
      expect(Object.values(mine).every((rows) => rows.length > 0)).toBe(true);
      expect(theirs).toEqual(mine);
    } finally {
      await other.stop();
    }
  });
});
