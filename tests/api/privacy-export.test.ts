import { randomUUID } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PLUG_AND_PLAY_USER } from '../../common/roles';
import { policyCatalogue } from '../../server/permissions/catalogue';
import { CAREGIVER_POLICIES, POLICIES } from '../../common/policies';
import { EXPORT_BATCH_ROWS, buildExport } from '../../server/privacy/export-builder';
import { EXPORT_LIMITS } from '../../server/privacy/exports';
import { PRIVACY_EXPORT_JOB } from '../../server/privacy/export-job';
import { enqueueJobs, kickJobs } from '../../server/jobs';
import { loadSubject } from '../../server/privacy/subject';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { caller, type Json } from '../support/api-calls';
import { createTenantUser } from '../support/fixtures';
import { seedConnection, seedHistory } from '../support/privacy-seed';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';

/**
 * Subject exports (GDPR articles 15 and 20), server/privacy: staff export a citizen of their tenant,
 * a carer themselves; the archive is made by a job with progress, downloaded once, audited; a
 * subject outside the caller's tenant or care is a 404, another user's export too; exports are
 * limited per user.
 */
describe.each(DATABASES)('privacy exports ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  let staff: string;
  let carer: string;
  let carerId: string;
  let otherCarer: string;
  let otherTenant: string;
  let tenantId: string;
  const citizenId = randomUUID();
  const deviceId = randomUUID();
  const imei = '490154203237518';
  // More than one batch: the keyset paging must neither repeat nor skip a row.
  const POSITIONS = EXPORT_BATCH_ROWS + 37;
  const call = caller(() => server);

  const STAFF = '/api/app/privacy';
  const OWN = '/api/app/privacy/my';

  async function untilFinished(token: string, id: string, base = STAFF): Promise<Json> {
    for (let i = 0; i < 300; i++) {
      const res = await call(token, 'GET', `${base}/exports/${id}`);
      expect(res.status).toBe(200);
      if (res.body.state !== 'queued' && res.body.state !== 'running') return res.body;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the export did not finish');
  }

  async function download(token: string, id: string, base = STAFF) {
    const res = await fetch(`${server.url}${base}/exports/${id}/download`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
    return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
  }

  beforeAll(async () => {
    server = await startServer(databaseUrl);
    const db = server.database.db;
    staff = (await tokensFor(server.url, 'staff', DEMO_PASSWORD)).access_token!;
    const caregiver = await tokensFor(server.url, 'caregiver', DEMO_PASSWORD);
    carer = caregiver.access_token!;
    carerId = (await db.selectFrom('users').select('id').where('user_name', '=', 'caregiver').executeTakeFirstOrThrow()).id;
    tenantId = (await db.selectFrom('tenants').select('id').where('name', '=', 'Sunrise Care').executeTakeFirstOrThrow()).id;
    const other = await createTenantUser(db, { tenant: 'Export Tenant B', userName: 'export-b', role: 'admin', policies: policyCatalogue(server.engine.schemas) });
    otherTenant = (await tokensFor(server.url, other.userName, other.password)).access_token!;
    const second = await createTenantUser(db, { tenantId, userName: 'export-carer-2', role: ROLE_PLUG_AND_PLAY_USER, policies: CAREGIVER_POLICIES });
    otherCarer = (await tokensFor(server.url, second.userName, second.password)).access_token!;

    await db
      .insertInto('citizens' as never)
      .values({ id: citizenId, tenant_id: tenantId, first_name: 'Ingrid', last_name: 'Export, "Senior"', address: 'Eksportvej 9', city: 'Aarhus', concurrency_stamp: randomUUID() } as never)
      .execute();
    await db.insertInto('devices').values({ id: deviceId, tenant_id: tenantId, name: "Ingrid's watch", imei, concurrency_stamp: randomUUID() }).execute();
    await db.updateTable('devices').set({ citizen_id: citizenId } as never).where('id', '=', deviceId).execute();
    await seedHistory(db, { tenantId, deviceId, imei, lat: 56.15, lon: 10.2, count: POSITIONS });
    await seedConnection(db, { tenantId, deviceId, remote: '203.0.113.9' });
  }, 120_000);
  afterAll(async () => server?.stop());

  it("makes the citizen's archive in the background, with progress, downloadable once and audited", async () => {
    const started = await call(staff, 'POST', `${STAFF}/exports`, { subjectType: 'citizen', subjectId: citizenId });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ subjectType: 'citizen', subjectId: citizenId, subjectName: 'Ingrid Export, "Senior"', bytes: null });
    expect(['queued', 'running']).toContain(started.body.state);
    const id = String(started.body.id);

    const done = await untilFinished(staff, id);
    expect(done).toMatchObject({ state: 'ready', progress: 100 });
    expect(Number(done.bytes)).toBeGreaterThan(1000);

    const got = await download(staff, id);
    expect(got.status).toBe(200);
    expect(got.type).toContain('application/zip');
    expect(got.bytes.length).toBe(done.bytes);
    const files = unzipSync(got.bytes);
    expect(Object.keys(files).sort()).toEqual(['alarms.json', 'devices.json', 'events.csv', 'invoices.json', 'manifest.json', 'positions.csv', 'profile.json', 'receivers.json']);

    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as { subject: Json; files: { name: string; rows?: number }[]; counts: Record<string, number> };
    expect(manifest.subject).toEqual({ type: 'citizen', id: citizenId, name: 'Ingrid Export, "Senior"' });
    expect(manifest.counts).toMatchObject({ positions: POSITIONS, events: Math.ceil(POSITIONS / 3), devices: 1 });
    expect(manifest.files.map((f) => f.name)).toEqual(expect.arrayContaining(Object.keys(files).filter((f) => f !== 'manifest.json')));

    const profile = JSON.parse(strFromU8(files['profile.json']!)) as { citizen: Json };
    expect(profile.citizen).toMatchObject({ id: citizenId, first_name: 'Ingrid', address: 'Eksportvej 9' });
    const devices = JSON.parse(strFromU8(files['devices.json']!)) as { devices: Json[]; connections: Json[] };
    expect(devices.devices.map((d) => d.imei)).toEqual([imei]);
    // The address its watch is connected from is the citizen's too.
    expect(devices.connections).toEqual([expect.objectContaining({ device_id: deviceId, protocol: 'watch', remote_address: '203.0.113.9' })]);

    // RFC 4180: a header row, CRLF, quotes doubled inside quoted fields; every position once.
    const positions = strFromU8(files['positions.csv']!).split('\r\n').filter(Boolean);
    expect(positions[0]).toBe('id,device_id,fix_time,server_time,latitude,longitude,altitude,speed,course,accuracy,battery,valid,attributes');
    expect(positions).toHaveLength(POSITIONS + 1);
    const ids = new Set(positions.slice(1).map((line) => line.split(',')[0]));
    expect(ids.size).toBe(POSITIONS);
    expect(positions[1]).toContain('"{""note"":""near \\""home\\"", by the gate""}"');
    expect(positions[1]!.split(',')[2]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(strFromU8(files['events.csv']!).split('\r\n').filter(Boolean)).toHaveLength(Math.ceil(POSITIONS / 3) + 1);

    // Once: the bytes are gone from the database, a second download is a 410.
    const again = await download(staff, id);
    expect(again.status).toBe(410);
    expect(JSON.parse(new TextDecoder().decode(again.bytes)).error.code).toBe('Vigil:Privacy.ExportGone');
    const row = await server.database.db.selectFrom('privacy_exports').select(['archive', 'state', 'downloaded_time']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.archive).toBeNull();
    expect(row.state).toBe('downloaded');
    expect((await call(staff, 'GET', `/api/app/privacy/exports/${id}`)).body).toMatchObject({ state: 'downloaded', bytes: done.bytes });

    const audits = await server.database.db.selectFrom('audit_logs').select(['http_method', 'url', 'entity_changes']).where(sql<boolean>`entity_changes::text like ${`%${id}%`}`).execute();
    expect(audits.map((a) => a.http_method).sort()).toEqual(['GET', 'POST']);
  }, 120_000);

  it('reports progress from 10 to 99 while the history is read in batches', async () => {
    const db = server.database.db;
    const subject = (await loadSubject(db, 'citizen', citizenId, tenantId))!;
    const seen: number[] = [];
    const zip = await buildExport(db, subject, { exportId: randomUUID(), requestedBy: carerId, createdAt: new Date() }, async (p) => {
      seen.push(p);
    });
    expect(zip.length).toBeGreaterThan(0);
    expect(seen[0]).toBe(10);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(Math.max(...seen)).toBeLessThanOrEqual(99);
    expect(Math.max(...seen)).toBeGreaterThan(50);
  });

  it('lets a carer export themselves: account, watches and invoices', async () => {
    const started = await call(carer, 'POST', `${OWN}/exports`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ subjectType: 'user', subjectId: carerId });
    const done = await untilFinished(carer, String(started.body.id), OWN);
    expect(done.state).toBe('ready');
    const files = unzipSync((await download(carer, String(started.body.id), OWN)).bytes);
    const profile = JSON.parse(strFromU8(files['profile.json']!)) as { account: Json };
    expect(profile.account).toMatchObject({ id: carerId, user_name: 'caregiver', email: 'caregiver@example.com' });
    expect(profile.account).not.toHaveProperty('password_hash');
    const devices = JSON.parse(strFromU8(files['devices.json']!)) as { devices: Json[] };
    expect(devices.devices.map((d) => d.name)).toEqual(expect.arrayContaining(["Mum's watch"]));
    const invoices = JSON.parse(strFromU8(files['invoices.json']!)) as { invoices: Json[] };
    expect(invoices.invoices.length).toBeGreaterThan(0);
  }, 60_000);

  it("lets staff export a carer of their tenant, not a colleague", async () => {
    const started = await call(staff, 'POST', `${STAFF}/exports`, { subjectType: 'user', subjectId: carerId });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.subjectName).toBe('Clara Carer');
    expect((await untilFinished(staff, String(started.body.id))).state).toBe('ready');
    const colleague = await createTenantUser(server.database.db, { tenantId, userName: 'export-colleague', role: 'export-colleague-role', policies: [POLICIES.citizens] });
    const refused = await call(staff, 'POST', `${STAFF}/exports`, { subjectType: 'user', subjectId: colleague.userId });
    expect(refused.status).toBe(404);
    expect(refused.body.error?.code).toBe('Vigil:Privacy.SubjectNotFound');
  }, 60_000);

  it("answers 404 for a subject outside the caller's tenant or care, and for another user's export", async () => {
    const refused = [
      [otherTenant, { subjectType: 'citizen', subjectId: citizenId }],
      [otherTenant, { subjectType: 'user', subjectId: carerId }],
      [staff, { subjectType: 'citizen', subjectId: 'not-an-id' }],
      [staff, { subjectType: 'citizen', subjectId: randomUUID() }],
    ] as const;
    for (const [token, body] of refused) {
      const res = await call(token, 'POST', `${STAFF}/exports`, body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(res.body.error?.code).toBe('Vigil:Privacy.SubjectNotFound');
    }
    // A carer names no one: the staff routes refuse them, their own mean themselves.
    for (const body of [{ subjectType: 'citizen', subjectId: citizenId }, { subjectType: 'user', subjectId: carerId }]) {
      expect((await call(otherCarer, 'POST', `${STAFF}/exports`, body)).status).toBe(403);
    }
    expect((await call(otherCarer, 'POST', `${OWN}/exports`, { subjectType: 'user', subjectId: carerId })).status).toBe(400);
    // In the caller's language.
    const danish = await call(otherTenant, 'POST', `${STAFF}/exports`, { subjectType: 'citizen', subjectId: citizenId }, { lang: 'da' });
    expect(danish.body.error?.message).toBe('Personen blev ikke fundet.');
    const bad = await call(staff, 'POST', `${STAFF}/exports`, { subjectType: 'tenant', subjectId: citizenId });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.validationErrors?.[0]?.members).toEqual(['subjectType']);

    // The attacker knows the id of someone else's export: not there for them, and it stays downloadable for its owner.
    const mine = await call(staff, 'POST', `${STAFF}/exports`, { subjectType: 'citizen', subjectId: citizenId });
    await untilFinished(staff, String(mine.body.id));
    const id = String(mine.body.id);
    expect((await call(otherTenant, 'GET', `${STAFF}/exports/${id}`)).status).toBe(404);
    expect((await download(otherTenant, id)).status).toBe(404);
    for (const token of [carer, otherCarer]) {
      expect((await call(token, 'GET', `${OWN}/exports/${id}`)).status).toBe(404);
      expect((await download(token, id, OWN)).status).toBe(404);
    }
    // Two downloads at once: one gets the archive, the other a 410.
    const both = await Promise.all([download(staff, String(mine.body.id)), download(staff, String(mine.body.id))]);
    expect(both.map((d) => d.status).sort()).toEqual([200, 410]);
  }, 60_000);

  it('marks an export failed when its subject is gone before the job runs, and answers 410 for it', async () => {
    const db = server.database.db;
    const id = randomUUID();
    await db.insertInto('privacy_exports').values({ id, tenant_id: tenantId, requested_by: carerId, subject_type: 'citizen', subject_id: randomUUID(), subject_name: 'Gone' }).execute();
    await enqueueJobs(db, [{ kind: PRIVACY_EXPORT_JOB, payload: { exportId: id } }]);
    kickJobs();
    const done = await untilFinished(carer, id, OWN);
    expect(done).toMatchObject({ state: 'failed', bytes: null });
    const got = await download(carer, id, OWN);
    expect(got.status).toBe(410);
  });

  it('limits exports per user: a few at once and some per hour (429)', async () => {
    const db = server.database.db;
    const me = (await db.selectFrom('users').select('id').where('user_name', '=', 'export-carer-2').executeTakeFirstOrThrow()).id;
    const row = (state: 'running' | 'ready') => ({ id: randomUUID(), tenant_id: tenantId, requested_by: me, subject_type: 'user' as const, subject_id: me, subject_name: 'x', state });
    await db.insertInto('privacy_exports').values(Array.from({ length: EXPORT_LIMITS.atOnce }, () => row('running'))).execute();
    const busy = await call(otherCarer, 'POST', `${OWN}/exports`, {});
    expect(busy.status).toBe(429);
    expect(busy.body.error?.code).toBe('Vigil:TooManyRequests');

    await db.updateTable('privacy_exports').set({ state: 'ready' }).where('requested_by', '=', me).execute();
    await db.insertInto('privacy_exports').values(Array.from({ length: EXPORT_LIMITS.perHour - EXPORT_LIMITS.atOnce }, () => row('ready'))).execute();
    const hourly = await call(otherCarer, 'POST', `${OWN}/exports`, {});
    expect(hourly.status).toBe(429);
    expect(hourly.body.error?.message).toMatch(/last hour/);
    expect(await db.selectFrom('privacy_exports').select('id').where('requested_by', '=', me).execute()).toHaveLength(EXPORT_LIMITS.perHour);

    // An hour later it is allowed again.
    await db.updateTable('privacy_exports').set({ creation_time: new Date(Date.now() - 3_700_000) } as never).where('requested_by', '=', me).execute();
    expect((await call(otherCarer, 'POST', `${OWN}/exports`, {})).status).toBe(200);
  });

  it('holds the hourly limit against requests sent all at once', async () => {
    const db = server.database.db;
    const me = (await db.selectFrom('users').select('id').where('user_name', '=', 'export-carer-2').executeTakeFirstOrThrow()).id;
    await db.deleteFrom('privacy_exports').where('requested_by', '=', me).execute();
    const room = 2;
    const done = Array.from({ length: EXPORT_LIMITS.perHour - room }, () => ({ id: randomUUID(), tenant_id: tenantId, requested_by: me, subject_type: 'user' as const, subject_id: me, subject_name: 'x', state: 'ready' as const }));
    await db.insertInto('privacy_exports').values(done).execute();
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(otherCarer, 'POST', `${OWN}/exports`, {})));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429, 429, 429, 429]);
    expect(await db.selectFrom('privacy_exports').select('id').where('requested_by', '=', me).execute()).toHaveLength(EXPORT_LIMITS.perHour);
  });
});
