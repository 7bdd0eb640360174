import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { ensureRanges } from '../../server/history/partitions';
import { rangeAt } from '../../server/history/classes';
import { runHistoryRetention } from '../../server/retention/history-run';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { caller, type Json } from '../support/api-calls';
import { demoDevices, queryFix, sendQuery } from '../support/osmand';
import { tokensFor } from '../support/sign-in';
import { createTenantUser } from '../support/fixtures';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

/**
 * The history is partitioned by retention class and time: ingest writes into the tenant's class,
 * a replay is stored once, a retention run drops whole time ranges a class after their end, and a
 * tenant's choice moves its history, refused while an unanswered alarm or unpaid invoice needs it.
 */
describe.each(DATABASES)('partitioned history and its retention ($name)', ({ url }) => {
  let server: TestServer;
  let staff: string;
  const db = () => server.database.db;
  const call = caller(() => server);
  const ENDPOINT = '/api/app/retention/history';

  beforeAll(async () => {
    server = await startServer(url, { history: { defaultDays: 90, maxDays: 365 } });
    staff = (await tokensFor(server.url, 'staff', DEMO_PASSWORD)).access_token;
  }, 120_000);
  afterAll(async () => server?.stop());

  /** Which partition each of a device's rows sits in, and its class. */
  const placed = async (table: 'positions' | 'device_events', deviceId: string) =>
    (await sql<{ part: string; keep_days: number }>`select tableoid::regclass::text as part, keep_days from ${sql.table(table)} where device_id = ${deviceId}`.execute(db())).rows;
  const tableExists = async (name: string) => Number((await sql<{ n: string }>`select count(*) as n from pg_class where relname = ${name}`.execute(db())).rows[0]!.n) > 0;

  it('partitions positions and events by class, stores a fix in its range, and a replay once', async () => {
    const parted = await sql<{ name: string }>`select c.relname as name from pg_partitioned_table p join pg_class c on c.oid = p.partrelid`.execute(db());
    expect(parted.rows.map((r) => r.name)).toEqual(expect.arrayContaining(['positions', 'device_events', 'positions_k90', 'device_events_k30']));
    const { mum } = await demoDevices(db());
    const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    const fix = queryFix('356938035643809', { lat: 55.68, lon: 12.57, time });
    for (let i = 0; i < 2; i++) expect(await sendQuery(`${server.url}/ingest/osmand`, fix)).toBe(200);
    await expect.poll(async () => (await db().selectFrom('positions').select('keep_days').where('device_id', '=', mum.id).where('fix_time', '=', time).execute()).length).toBe(1);
    const row = (await sql<{ part: string }>`select tableoid::regclass::text as part from positions where device_id = ${mum.id} and fix_time = ${time}`.execute(db())).rows[0]!;
    expect(row.part).toBe(rangeAt('positions', 90, time).name);
  });

  it('drops whole ranges a class after their end, empties the default of what is past its class, and audits the run', async () => {
    const { dad } = await demoDevices(db());
    const old = rangeAt('positions', 90, ago(100));
    await ensureRanges(db(), 'positions', 90, ago(100), ago(99));
    const row = (days: number) => ({ id: randomUUID(), tenant_id: dad.tenant_id, device_id: dad.id, fix_time: ago(days), latitude: 55, longitude: 12 });
    // 100 days ago in its range; 200 days ago where no range is (the class's default); 10 days ago kept.
    await db().insertInto('positions').values([row(100), row(200), row(10)]).execute();
    expect((await placed('positions', dad.id)).some((p) => p.part === old.name)).toBe(true);
    const run = await runHistoryRetention(db());
    expect(run.dropped).toContain(old.name);
    expect(await tableExists(old.name)).toBe(false);
    expect(run.removedFromDefault).toBeGreaterThanOrEqual(1);
    const left = await db().selectFrom('positions').select('fix_time').where('device_id', '=', dad.id).where('fix_time', '<', ago(30)).execute();
    expect(left).toEqual([]);
    expect(await db().selectFrom('positions').select('id').where('device_id', '=', dad.id).where('fix_time', '>', ago(11)).where('fix_time', '<', ago(9)).execute()).toHaveLength(1);
    const entry = await db().selectFrom('audit_logs').selectAll().where('url', '=', 'job:retention.history').orderBy('execution_time', 'desc').executeTakeFirstOrThrow();
    expect(entry.entity_changes[0]?.propertyChanges.find((p) => p.propertyName === 'dropped')?.newValue).toContain(old.name);
    // Ranges exist a week ahead for every class in use, so no write waits for one.
    expect(await tableExists(rangeAt('positions', 90, new Date(Date.now() + 6 * DAY)).name)).toBe(true);
  });

  it("shows the tenant's period, its choices and what goes next", async () => {
    const res = await call(staff, 'GET', ENDPOINT);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ historyDays: 90, ownSetting: false, hostDefaultDays: 90, hostMaxDays: 365, logs: { auditLogDays: 365 } });
    const choices = res.body.choices as { days: number; allowed: boolean; reason: string | null }[];
    expect(choices.find((c) => c.days === 730)).toMatchObject({ allowed: false, reason: expect.stringContaining('365') });
    expect(choices.find((c) => c.days === 180)).toMatchObject({ allowed: true, reason: null });
    const next = res.body.next as { before: string; at: string; positions: number };
    expect(new Date(next.at).getTime()).toBeGreaterThan(new Date(next.before).getTime());
    expect(next.positions).toBeGreaterThan(0);
  });

  it('refuses a period an unanswered alarm or an unpaid invoice needs, with the reason in the caller language', async () => {
    const { mum } = await demoDevices(db());
    const alarmId = randomUUID();
    await db().insertInto('device_events').values({ id: alarmId, tenant_id: mum.tenant_id, device_id: mum.id, type: 'sos', event_time: ago(40), attributes: '{}' }).execute();
    const refused = await call(staff, 'PUT', ENDPOINT, { historyDays: 30 }, { lang: 'da' });
    expect(refused.status).toBe(400);
    const problem = (refused.body as Json).error!.validationErrors![0]!;
    expect(problem.members).toEqual(['historyDays']);
    expect(problem.message).toContain('besvaret');
    expect(problem.message).toContain(ago(40).toISOString().slice(0, 10));
    await db().insertInto('alarm_acknowledgments').values({ event_id: alarmId, tenant_id: mum.tenant_id, user_id: mum.owner_user_id! }).execute();

    const invoice = await db().selectFrom('billing_invoices').select(['id', 'status', 'period_start']).where('tenant_id', '=', mum.tenant_id).limit(1).executeTakeFirst();
    if (invoice) {
      await db().updateTable('billing_invoices').set({ status: 'open', period_start: ago(45) }).where('id', '=', invoice.id).execute();
      const unpaid = await call(staff, 'PUT', ENDPOINT, { historyDays: 30 });
      expect(unpaid.status).toBe(400);
      expect((unpaid.body as Json).error!.validationErrors![0]!.message).toContain('not paid');
      await db().updateTable('billing_invoices').set({ status: invoice.status, period_start: invoice.period_start }).where('id', '=', invoice.id).execute();
    }
    expect((await db().selectFrom('tenant_retention').select('tenant_id').execute()).length).toBe(0);
  });

  it("moves the tenant's history into its chosen class, keeps other tenants' where it was, and back", async () => {
    const { mum } = await demoDevices(db());
    const other = await db().selectFrom('devices').select(['id', 'tenant_id']).where('tenant_id', '!=', mum.tenant_id!).where('tenant_id', 'is not', null).limit(1).executeTakeFirst();
    if (other) await db().insertInto('positions').values({ id: randomUUID(), tenant_id: other.tenant_id, device_id: other.id, fix_time: ago(2), latitude: 1, longitude: 1 }).execute();
    const before = (await placed('positions', mum.id)).length;
    const chosen = await call(staff, 'PUT', ENDPOINT, { historyDays: 30 });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body).toMatchObject({ historyDays: 30, ownSetting: true });
    await expect.poll(async () => (await call(staff, 'GET', ENDPOINT)).body.pending, { timeout: 20_000 }).toBe(false);
    const moved = await placed('positions', mum.id);
    expect(moved.length).toBe(before);
    expect(new Set(moved.map((p) => p.keep_days))).toEqual(new Set([30]));
    expect(moved.every((p) => p.part.startsWith('positions_k30_'))).toBe(true);
    expect(new Set((await placed('device_events', mum.id)).map((p) => p.keep_days))).toEqual(new Set([30]));
    if (other) expect(new Set((await placed('positions', other.id)).map((p) => p.keep_days))).toEqual(new Set([90]));
    // New fixes go to the new class.
    const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 30_000);
    expect(await sendQuery(`${server.url}/ingest/osmand`, queryFix('356938035643809', { lat: 55.68, lon: 12.57, time }))).toBe(200);
    await expect.poll(async () => (await db().selectFrom('positions').select('keep_days').where('device_id', '=', mum.id).where('fix_time', '=', time).executeTakeFirst())?.keep_days).toBe(30);

    const back = await call(staff, 'PUT', ENDPOINT, { historyDays: null });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ historyDays: 90, ownSetting: false });
    await expect.poll(async () => (await call(staff, 'GET', ENDPOINT)).body.pending, { timeout: 20_000 }).toBe(false);
    expect(new Set((await placed('positions', mum.id)).map((p) => p.keep_days))).toEqual(new Set([90]));
  });

  it('refuses the host, a period not offered or over the maximum, and a user without the policy', async () => {
    const admin = (await tokensFor(server.url, 'admin', DEMO_PASSWORD)).access_token;
    const host = await call(admin, 'PUT', ENDPOINT, { historyDays: 30 });
    expect(host.status).toBe(400);
    expect((host.body as Json).error!.validationErrors![0]!.message).toContain('RETENTION_HISTORY_DEFAULT_DAYS');
    for (const body of [{ historyDays: 45 }, { historyDays: '30' }, {}, { historyDays: 730 }]) {
      const res = await call(staff, 'PUT', ENDPOINT, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as Json).error!.validationErrors!.flatMap((v) => v.members)).toContain('historyDays');
    }
    const { mum } = await demoDevices(db());
    const reader = await createTenantUser(db(), { tenantId: mum.tenant_id, userName: 'retention-reader', role: 'retention-reader', policies: ['Vigil.Retention'] });
    const token = (await tokensFor(server.url, reader.userName, reader.password)).access_token;
    expect((await call(token, 'GET', ENDPOINT)).status).toBe(200);
    expect((await call(token, 'PUT', ENDPOINT, { historyDays: 180 })).status).toBe(403);
    const nobody = await createTenantUser(db(), { tenantId: mum.tenant_id, userName: 'retention-nobody', role: 'retention-nobody', policies: ['Vigil.Dashboard'] });
    expect((await call((await tokensFor(server.url, nobody.userName, nobody.password)).access_token, 'GET', ENDPOINT)).status).toBe(403);
    expect((await db().selectFrom('tenant_retention').select('tenant_id').execute()).length).toBe(0);
  });
});
