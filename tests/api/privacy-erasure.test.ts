import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAREGIVER_POLICIES, POLICIES } from '../../common/policies';
import { ROLE_PLUG_AND_PLAY_USER } from '../../common/roles';
import type { Db } from '../../server/db/database';
import { policyCatalogue } from '../../server/permissions/catalogue';
import { PERSONAL_COLUMNS } from '../../server/privacy/personal-columns';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { caller, type Json } from '../support/api-calls';
import { createTenantUser } from '../support/fixtures';
import { columnsOf, findCoordinates, findPersonalValues, seedDeviceCare, seedHistory, type Leftover } from '../support/privacy-seed';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { queryFix, sendQuery } from '../support/osmand';
import { until } from '../support/poll';
import { bypassingProxy, TcpProxy, throughProxy } from '../support/tcp-proxy';

/**
 * Erasure (GDPR article 17), server/privacy: a preview of what goes, a typed confirmation naming
 * the subject, one transaction; afterwards no table holds the subject's personal data (every text
 * and JSON column of the database is searched), except what PERSONAL_COLUMNS keeps for a legal
 * reason (invoices). Outside the caller's tenant or care: 404.
 */

const LAT = 55.123456;
const LON = 12.654321;

/** A hit the scan may find: a column PERSONAL_COLUMNS keeps, and the value it keeps there. */
const kept = (table: keyof typeof PERSONAL_COLUMNS, column: string, label: string): Leftover => {
  const decision = (PERSONAL_COLUMNS[table] as Record<string, string>)[column];
  expect(decision, `${table}.${column}`).toMatch(/^keep: /);
  return { table, column, label };
};

async function counts(db: Db, deviceId: string) {
  const { rows } = await sql<Record<string, number>>`select
      (select count(*)::int from positions where device_id = ${deviceId}) as positions,
      (select count(*)::int from device_events where device_id = ${deviceId}) as events,
      (select count(*)::int from device_messages where device_id = ${deviceId}) as messages,
      (select count(*)::int from device_connections where device_id = ${deviceId}) as connections,
      (select count(*)::int from device_alarm_receivers where device_id = ${deviceId}) as receivers,
      (select count(*)::int from alarm_messages where device_id = ${deviceId}) as alarms`.execute(db);
  return rows[0]!;
}

describe.each(DATABASES)('privacy erasure ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  let db: Db;
  let staff: string;
  let staffId: string;
  let otherTenant: string;
  let tenantId: string;
  const call = caller(() => server);

  /** The address the citizen's watch is connected from (one per tag, none a prefix of another). */
  const remoteOf = (tag: string) => `203.0.113.${tag.length + 40}`;

  /** A citizen with data in every table that can hold a citizen's data, made through the API where there is one. */
  async function seedCitizen(tag: string, imei: string) {
    const made = await call(staff, 'POST', '/api/app/monitoredObject', {
      firstName: `Annabella${tag}`, lastName: 'Jensenius-Quist', dateOfBirth: '1941-03-02', phone: '+4598765432', address: `Privacyvej ${tag}42`, postalCode: '2900', city: 'Hellerup', notes: 'Allergic to privacyzyme',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const citizenId = String(made.body.id);
    const deviceId = randomUUID();
    await db.insertInto('devices').values({ id: deviceId, tenant_id: tenantId, name: `Annabella${tag}'s watch`, imei, concurrency_stamp: randomUUID() }).execute();
    await db.updateTable('devices').set({ citizen_id: citizenId } as never).where('id', '=', deviceId).execute();
    await seedHistory(db, { tenantId, deviceId, imei, lat: LAT, lon: LON, count: 30 });
    await seedDeviceCare(db, { tenantId, deviceId, alarmUserId: staffId, personName: `Annabella${tag} Jensenius-Quist`, phone: '+4598765432', address: `Privacyvej ${tag}42`, remote: remoteOf(tag), lat: LAT, lon: LON, link: { citizen_id: citizenId } });
    await db
      .insertInto('wifis' as never)
      .values({ id: randomUUID(), tenant_id: tenantId, concurrency_stamp: randomUUID(), mac_address: `02:11:22:33:44:${(0x55 + tag.length).toString(16)}`, ssid: 'Jensenius-Quist home', address: `Privacyvej ${tag}42`, latitude: LAT, longitude: LON, citizen_id: citizenId } as never)
      .execute();
    return { citizenId, deviceId };
  }

  beforeAll(async () => {
    server = await startServer(databaseUrl);
    db = server.database.db;
    staff = (await tokensFor(server.url, 'staff', DEMO_PASSWORD)).access_token!;
    staffId = (await db.selectFrom('users').select('id').where('user_name', '=', 'staff').executeTakeFirstOrThrow()).id;
    tenantId = (await db.selectFrom('tenants').select('id').where('name', '=', 'Sunrise Care').executeTakeFirstOrThrow()).id;
    const other = await createTenantUser(db, { tenant: 'Erasure Tenant B', userName: 'erasure-b', role: 'admin', policies: policyCatalogue(server.engine.schemas) });
    otherTenant = (await tokensFor(server.url, other.userName, other.password)).access_token!;
  }, 120_000);
  afterAll(async () => server?.stop());

  it('names every column it decides on, and every one of them exists', async () => {
    const columns = await columnsOf(db);
    for (const [table, decisions] of Object.entries(PERSONAL_COLUMNS))
      for (const [column, decision] of Object.entries(decisions)) {
        expect(columns.has(`${table}.${column}`), `${table}.${column}`).toBe(true);
        expect(decision).toMatch(/^(erase|anonymise|keep: .{10,})$/);
      }
  });

  it('erases a citizen after the typed confirmation: nothing personal is left in any table', async () => {
    const imei = '353490061234567';
    const { citizenId, deviceId } = await seedCitizen('', imei);
    // An export of the citizen holds everything: it goes too.
    const exported = await call(staff, 'POST', '/api/app/privacy/exports', { subjectType: 'citizen', subjectId: citizenId });
    expect(exported.status).toBe(200);
    // A second watch whose name names no one: unlinked, its name kept.
    const plainWatch = randomUUID();
    await db.insertInto('devices').values({ id: plainWatch, tenant_id: tenantId, name: "Grandma's watch", imei: '353490065555550', concurrency_stamp: randomUUID() }).execute();
    await db.updateTable('devices').set({ citizen_id: citizenId } as never).where('id', '=', plainWatch).execute();
    const values = { first: 'Annabella', last: 'Jensenius-Quist', phone: '98765432', address: 'Privacyvej', notes: 'privacyzyme', imei, receiver: 'relative.privacy@example.net', mac: '02:11:22:33:44:55', remote: remoteOf('') };
    const allowed = [kept('devices', 'imei', 'imei')];
    // The seed reached the tables the scan looks at.
    expect((await findPersonalValues(db, values, allowed)).length).toBeGreaterThan(15);

    const preview = await call(staff, 'GET', `/api/app/privacy/erasures/preview?subjectType=citizen&subjectId=${citizenId}`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ subjectName: 'Annabella Jensenius-Quist', confirmation: 'ERASE Annabella Jensenius-Quist', activeSubscriptions: 0 });
    expect((preview.body.counts as Record<string, Json>).erased).toMatchObject({ positions: 30, events: 10, deviceMessages: 1, deviceConnections: 1, receivers: 1, alarmMessages: 1, geofences: 1, wifis: 1, mails: 1, exports: 1 });
    expect((preview.body.counts as Record<string, Json>).anonymised).toMatchObject({ devicesUnlinked: 2, profile: 1 });
    const da = await call(staff, 'GET', `/api/app/privacy/erasures/preview?subjectType=citizen&subjectId=${citizenId}`, undefined, { lang: 'da' });
    expect(da.body.confirmation).toBe('SLET Annabella Jensenius-Quist');

    // A wrong or missing confirmation changes nothing.
    const before = await counts(db, deviceId);
    for (const confirmation of [undefined, 'ERASE Annabella', 'erase annabella jensenius-quist']) {
      const refused = await call(staff, 'POST', '/api/app/privacy/erasures', { subjectType: 'citizen', subjectId: citizenId, ...(confirmation ? { confirmation } : {}) });
      expect(refused.status).toBe(400);
      expect(refused.body.error?.validationErrors?.[0]?.members).toEqual(['confirmation']);
      expect(refused.body.error?.validationErrors?.[0]?.message).toContain('ERASE Annabella Jensenius-Quist');
    }
    expect(await counts(db, deviceId)).toEqual(before);

    const erased = await call(staff, 'POST', '/api/app/privacy/erasures', { subjectType: 'citizen', subjectId: citizenId, confirmation: ' ERASE  Annabella Jensenius-Quist ' });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect((erased.body.counts as Record<string, Json>).erased).toMatchObject({ positions: 30, events: 10, receivers: 1 });
    expect(await counts(db, deviceId)).toEqual({ positions: 0, events: 0, messages: 0, connections: 0, receivers: 0, alarms: 0 });

    expect(await findPersonalValues(db, values, allowed)).toEqual([]);
    expect(await findCoordinates(db, [LAT, LON])).toEqual([]);
    // The device stays the tenant's, unlinked; the citizen is gone from the lists and cannot be erased twice.
    const device = await db.selectFrom('devices').selectAll().where('id', '=', deviceId).executeTakeFirstOrThrow();
    expect(device).toMatchObject({ imei, name: 'Device 4567', citizen_id: null });
    expect(await db.selectFrom('devices').selectAll().where('id', '=', plainWatch).executeTakeFirstOrThrow()).toMatchObject({ name: "Grandma's watch", citizen_id: null });
    expect((await call(staff, 'GET', `/api/app/monitoredObject/${citizenId}`)).status).toBe(404);
    expect((await call(staff, 'POST', '/api/app/privacy/erasures', { subjectType: 'citizen', subjectId: citizenId, confirmation: 'ERASE Erased' })).status).toBe(404);

    // Audited, without the name.
    const audit = await sql<{ entity_changes: string; user_name: string | null }>`select entity_changes::text, user_name from audit_logs where entity_changes::text like ${'%Vigil.Privacy.Erasure.citizen%'}`.execute(db);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.entity_changes).toContain(citizenId);
    expect(audit.rows[0]!.user_name).toBe('staff');
  }, 120_000);

  it('erases a carer, keeping their invoices for bookkeeping without the email', async () => {
    const carer = await createTenantUser(db, { tenantId, userName: 'bertil-carer', role: ROLE_PLUG_AND_PLAY_USER, policies: CAREGIVER_POLICIES });
    const token = (await tokensFor(server.url, carer.userName, carer.password)).access_token!;
    const renamed = await call(token, 'PUT', '/api/plugandplay/profile/update-profile', { fullName: 'Bertil Privatsson', email: 'bertil.privat@example.org', phoneNumber: '4512345678' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const id = carer.userId;
    const deviceId = randomUUID();
    const imei = '358240051111110';
    await db.insertInto('devices').values({ id: deviceId, tenant_id: tenantId, owner_user_id: id, name: "Bertil's watch", imei, concurrency_stamp: randomUUID() }).execute();
    await seedHistory(db, { tenantId, deviceId, imei, lat: LAT, lon: LON, count: 12 });
    await seedDeviceCare(db, { tenantId, deviceId, alarmUserId: id, personName: 'Bertil Privatsson', phone: '4512345678', address: 'Carerstien 7', remote: '198.18.7.77', lat: LAT, lon: LON, link: { device_id: deviceId } });
    await db.insertInto('caregiver_profiles').values({ user_id: id, tenant_id: tenantId, language: 'da' }).onConflict((oc) => oc.column('user_id').doUpdateSet({ language: 'da' })).execute();
    await db.insertInto('user_avatars').values({ user_id: id, tenant_id: tenantId, content_type: 'image/png', size: 3, data: new Uint8Array([1, 2, 3]) }).execute();
    await db.insertInto('push_subscriptions').values({ id: randomUUID(), user_id: id, tenant_id: tenantId, endpoint: 'https://push.example.net/bertil-privatsson', p256dh: 'k', auth: 'a', device_name: "Bertil's phone" }).execute();
    await db.insertInto('external_logins').values({ id: randomUUID(), tenant_id: tenantId, user_id: id, provider: 'MitID', subject: 'mitid-9f2e1c', display_name: 'Bertil Privatsson' }).execute();
    const customer = randomUUID();
    await db.insertInto('billing_customers').values({ id: customer, tenant_id: tenantId, user_id: id, gateway: 'builtin', gateway_customer_id: 'cus_q8Zk2Lm', email: 'bertil.privat@example.org', name: 'Bertil Privatsson', additional_info: 'Carerstien 7', concurrency_stamp: randomUUID() }).execute();
    await db.insertInto('billing_cards').values({ id: randomUUID(), tenant_id: tenantId, customer_id: customer, gateway_card_id: 'card_7Hq2x', brand: 'visa', last4: '4242', exp_month: 1, exp_year: 2030 }).execute();
    const subscription = randomUUID();
    const period = { current_period_start: new Date('2026-01-01'), current_period_end: new Date('2026-02-01') };
    await db.insertInto('billing_subscriptions').values({ id: subscription, tenant_id: tenantId, customer_id: customer, user_id: id, device_id: deviceId, plan: 'monthly', status: 'active', amount: '99.00', currency: 'DKK', ...period, concurrency_stamp: randomUUID() } as never).execute();
    const buyer = { name: 'Bertil Privatsson', email: 'bertil.privat@example.org', companyName: null, vatNumber: null, additionalInfo: 'Carerstien 7' };
    await db
      .insertInto('billing_invoices')
      .values({ id: randomUUID(), tenant_id: tenantId, number: 'PRIV-0001', customer_id: customer, subscription_id: subscription, plan: 'monthly', status: 'paid', currency: 'DKK', subtotal: '79.20', vat_rate: '0.25', vat: '19.80', total: '99.00', period_start: period.current_period_start, period_end: period.current_period_end, lines: JSON.stringify([{ description: "Monthly subscription: Bertil's watch", quantity: 1, unitPrice: 99, amount: 99 }]), buyer: JSON.stringify(buyer) } as never)
      .execute();
    // As a receiver of someone else's watch too.
    const demoWatch = await db.selectFrom('devices').select('id').where('name', '=', "Dad's watch").executeTakeFirstOrThrow();
    await db.insertInto('device_alarm_receivers').values({ id: randomUUID(), tenant_id: tenantId, device_id: demoWatch.id, user_id: id, email: 'bertil.privat@example.org', name: 'Bertil Privatsson', status: 'active' }).execute();

    const values = { login: 'bertil-carer', name: 'Bertil', surname: 'Privatsson', email: 'bertil.privat@example.org', phone: '4512345678', address: 'Carerstien', remote: '198.18.7.77', imei };
    const allowed = [
      kept('devices', 'imei', 'imei'),
      kept('billing_invoices', 'buyer', 'name'),
      kept('billing_invoices', 'buyer', 'surname'),
      kept('billing_invoices', 'buyer', 'address'),
      kept('billing_invoices', 'lines', 'name'),
    ];
    expect((await findPersonalValues(db, values, allowed)).length).toBeGreaterThan(15);

    const preview = await call(staff, 'GET', `/api/app/privacy/erasures/preview?subjectType=user&subjectId=${id}`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.confirmation).toBe('ERASE Bertil Privatsson');
    expect((preview.body.counts as Record<string, Json>).kept).toMatchObject({ invoices: 1, subscriptions: 1 });
    // The screen says so before anything is typed.
    expect(preview.body.activeSubscriptions).toBe(1);
    const confirmation = String(preview.body.confirmation);

    // Billing would go on: refused while a subscription is active, nothing changed.
    const active = await call(staff, 'POST', '/api/app/privacy/erasures', { subjectType: 'user', subjectId: id, confirmation });
    expect(active.status).toBe(403);
    expect(active.body.error?.code).toBe('Vigil:ActiveSubscriptions');
    await db.updateTable('billing_subscriptions').set({ status: 'paused' } as never).where('id', '=', subscription).execute();
    expect((await call(staff, 'GET', `/api/app/privacy/erasures/preview?subjectType=user&subjectId=${id}`)).body.activeSubscriptions).toBe(0);

    const erased = await call(staff, 'POST', '/api/app/privacy/erasures', { subjectType: 'user', subjectId: id, confirmation });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(await findPersonalValues(db, values, allowed)).toEqual([]);
    expect(await findCoordinates(db, [LAT, LON])).toEqual([]);

    const invoice = await db.selectFrom('billing_invoices').select(['buyer', 'total', 'number']).where('customer_id', '=', customer).executeTakeFirstOrThrow();
    expect(invoice.buyer).toEqual({ ...buyer, email: '' });
    expect(Number(invoice.total)).toBe(99);
    // The account cannot be used any more.
    expect((await call(token, 'GET', '/api/plugandplay/profile')).status).toBe(401);
    expect((await tokensFor(server.url, 'bertil-carer', carer.password).catch(() => ({ access_token: undefined }))).access_token).toBeUndefined();
  }, 120_000);

  it('lets a carer erase their own account, leaving no name in the audit entry', async () => {
    const self = await createTenantUser(db, { tenantId, userName: 'selma-self', role: ROLE_PLUG_AND_PLAY_USER, policies: CAREGIVER_POLICIES });
    const token = (await tokensFor(server.url, self.userName, self.password)).access_token!;
    const preview = await call(token, 'GET', '/api/app/privacy/my/erasures/preview');
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ subjectType: 'user', subjectId: self.userId, confirmation: 'ERASE selma-self' });
    const erased = await call(token, 'POST', '/api/app/privacy/my/erasures', { confirmation: preview.body.confirmation });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(await findPersonalValues(db, { login: 'selma-self' })).toEqual([]);
    const entry = await db.selectFrom('audit_logs').select(['user_id', 'user_name', 'client_ip_address']).where('url', '=', '/api/app/privacy/my/erasures').where('user_id', '=', self.userId).executeTakeFirstOrThrow();
    expect(entry).toEqual({ user_id: self.userId, user_name: null, client_ip_address: null });
    expect((await call(token, 'GET', '/api/plugandplay/profile')).status).toBe(401);
  }, 60_000);

  it("answers 404 for a subject outside the caller's tenant or care", async () => {
    const { citizenId } = await seedCitizen('Other', '353490069999990');
    const carer = await createTenantUser(db, { tenantId, userName: 'nosy-carer', role: ROLE_PLUG_AND_PLAY_USER, policies: CAREGIVER_POLICIES });
    const nosy = (await tokensFor(server.url, carer.userName, carer.password)).access_token!;
    const demoCarer = (await db.selectFrom('users').select('id').where('user_name', '=', 'caregiver').executeTakeFirstOrThrow()).id;
    // A carer names no one: the staff routes refuse them (403); their own routes mean themselves.
    expect((await call(nosy, 'GET', `/api/app/privacy/erasures/preview?subjectType=user&subjectId=${demoCarer}`)).status).toBe(403);
    expect((await call(nosy, 'POST', '/api/app/privacy/erasures', { subjectType: 'citizen', subjectId: citizenId, confirmation: 'x' })).status).toBe(403);
    const own = await call(nosy, 'POST', '/api/app/privacy/my/erasures', { subjectType: 'user', subjectId: demoCarer, confirmation: 'ERASE Clara Carer' });
    expect(own.status).toBe(400);
    const cases = [
      [otherTenant, 'citizen', citizenId],
      [otherTenant, 'user', demoCarer],
      // Staff act on carers, never on a colleague's account.
      [staff, 'user', (await createTenantUser(db, { tenantId, userName: 'erasure-colleague', role: 'erasure-colleague-role', policies: [POLICIES.citizens] })).userId],
      [staff, 'citizen', 'not-an-id'],
    ] as const;
    for (const [token, subjectType, subjectId] of cases) {
      const preview = await call(token, 'GET', `/api/app/privacy/erasures/preview?subjectType=${subjectType}&subjectId=${subjectId}`);
      expect(preview.status, `${subjectType} ${subjectId}`).toBe(404);
      expect(preview.body.error?.code).toBe('Vigil:Privacy.SubjectNotFound');
      const erase = await call(token, 'POST', '/api/app/privacy/erasures', { subjectType, subjectId, confirmation: 'ERASE Annabella Other Jensenius-Quist' });
      expect(erase.status).toBe(404);
    }
    expect((await db.selectFrom('positions').select('id').where('device_id', 'in', (await db.selectFrom('devices').select('id').where('imei', '=', '353490069999990').execute()).map((d) => d.id)).execute()).length).toBe(30);
  }, 60_000);

  it("leaves the ingest no erased place to write back when the citizen's watch reports again", async () => {
    const imei = '353490067777770';
    const { citizenId, deviceId } = await seedCitizen('Ingest', imei);
    const ingest = `${server.url}/ingest/osmand`;
    const place = () => db.selectFrom('device_state').select(['latitude', 'longitude', 'battery']).where('device_id', '=', deviceId).executeTakeFirstOrThrow();
    // The watch reports: the node keeps a copy of the device's state with this place.
    expect(await sendQuery(ingest, queryFix(imei, { lat: 55.71, lon: 12.51, time: new Date(Date.now() + 60_000), battery: 60 }))).toBe(200);
    expect(await until(place, (p) => p.latitude === 55.71)).toMatchObject({ latitude: 55.71 });
    const erased = await call(staff, 'POST', '/api/app/privacy/erasures', { subjectType: 'citizen', subjectId: citizenId, confirmation: 'ERASE AnnabellaIngest Jensenius-Quist' });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    // The watch (now nobody's) sends a status without a place: its battery is taken, the erased place is not written back.
    expect(await sendQuery(ingest, { id: imei, batt: 40 })).toBe(200);
    const after = await until(place, (p) => p.battery === 40);
    expect(after).toEqual({ latitude: null, longitude: null, battery: 40 });
  }, 60_000);

  it('changes nothing when a step fails inside the transaction', async () => {
    const { citizenId, deviceId } = await seedCitizen('Fail', '353490068888880');
    const before = await counts(db, deviceId);
    // The citizen's own record is the last step: make it fail there, after every delete has run.
    await sql`create or replace function privacy_test_fail() returns trigger language plpgsql as $$ begin raise exception 'forced failure'; end $$`.execute(db);
    await sql.raw(`create trigger privacy_test_fail before update on citizens for each row when (old.id = '${citizenId}') execute function privacy_test_fail()`).execute(db);
    try {
      const failed = await call(staff, 'POST', '/api/app/privacy/erasures', { subjectType: 'citizen', subjectId: citizenId, confirmation: 'ERASE AnnabellaFail Jensenius-Quist' });
      expect(failed.status).toBe(500);
    } finally {
      await sql`drop trigger privacy_test_fail on citizens`.execute(db);
    }
    expect(await counts(db, deviceId)).toEqual(before);
    expect(before.positions).toBe(30);
    expect((await db.selectFrom('devices').select('name').where('id', '=', deviceId).executeTakeFirstOrThrow()).name).toBe("AnnabellaFail's watch");
    expect(await sql`select 1 from audit_logs where entity_changes::text like ${'%Vigil.Privacy.Erasure%'} and entity_changes::text like ${`%${citizenId}%`}`.execute(db).then((r) => r.rows)).toEqual([]);
  }, 60_000);
});

/** The database connection is cut while the erasure's transaction runs: 503, and nothing was erased. PostgreSQL only. */
const target = process.env.TEST_DATABASE_URL;
describe.skipIf(!target)('an erasure when the database connection is cut', () => {
  let proxy: TcpProxy;
  let server: TestServer;
  let watcher: pg.Client;
  const call = caller(() => server);

  beforeAll(async () => {
    const url = new URL(target!);
    proxy = new TcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    server = await startServer(throughProxy(target!, await proxy.listen()));
    watcher = await bypassingProxy(server.config.databaseUrl, target!);
  }, 120_000);
  afterAll(async () => {
    await watcher?.end();
    await server?.stop();
    await proxy?.close();
  });

  it('answers 503 and erases nothing', async () => {
    const db = server.database.db;
    const staff = (await tokensFor(server.url, 'staff', DEMO_PASSWORD)).access_token!;
    const tenantId = (await db.selectFrom('tenants').select('id').where('name', '=', 'Sunrise Care').executeTakeFirstOrThrow()).id;
    const made = await call(staff, 'POST', '/api/app/monitoredObject', { firstName: 'Cut', lastName: 'Connection' });
    const citizenId = String(made.body.id);
    const deviceId = randomUUID();
    await db.insertInto('devices').values({ id: deviceId, tenant_id: tenantId, name: 'Cut watch', imei: '353490067777770', concurrency_stamp: randomUUID() }).execute();
    await db.updateTable('devices').set({ citizen_id: citizenId } as never).where('id', '=', deviceId).execute();
    // Enough history that the transaction is seen open before it ends.
    await seedHistory(db, { tenantId, deviceId, imei: '353490067777770', lat: LAT, lon: LON, count: 300_000 });
    const before = await counts(db, deviceId);

    const pending = call(staff, 'POST', '/api/app/privacy/erasures', { subjectType: 'citizen', subjectId: citizenId, confirmation: 'ERASE Cut Connection' });
    let open = false;
    for (const deadline = Date.now() + 20_000; !open && Date.now() < deadline; ) {
      const { rows } = await watcher.query<{ n: string }>(
        `select count(*)::text as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null and query ilike '%delete from%'`,
      );
      open = Number(rows[0]!.n) > 0;
      if (!open) await new Promise((r) => setTimeout(r, 2));
    }
    expect(open).toBe(true);
    proxy.blocked = true;
    proxy.cut();
    const res = await pending;
    expect(res.status).toBe(503);
    expect(res.body.error?.code).toBe('Vigil:DatabaseUnavailable');
    proxy.blocked = false;
    // Read through the watcher: the server's pool may still be reconnecting.
    const { rows } = await watcher.query<{ positions: string; name: string }>(
      `select (select count(*)::text from positions where device_id = $1) as positions, (select first_name from citizens where id = $2) as name`,
      [deviceId, citizenId],
    );
    expect(Number(rows[0]!.positions)).toBe(before.positions);
    expect(rows[0]!.name).toBe('Cut');
  }, 180_000);
});
