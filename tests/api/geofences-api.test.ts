import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { ROLE_PLUG_AND_PLAY_USER } from '../../common/roles';
import { policyCatalogue } from '../../server/permissions/catalogue';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { caller } from '../support/api-calls';
import { createTenantUser } from '../support/fixtures';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';

/** Geofences: circles, polygons, schedules, links, and who may see and change which zone. */
describe.each(DATABASES)('geofences API ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  const call = caller(() => server);
  let staff: string;
  let carer: string;
  let otherCarer: string;
  let otherTenant: string;
  let tenantId: string;
  let watches: string[];
  let otherCarerWatch: string;

  const circle = { name: 'Home', center: { lat: 55.6761, lng: 12.5683 }, radius: 150 };
  const square = [
    { lat: 55.0, lng: 12.0 },
    { lat: 55.0, lng: 12.01 },
    { lat: 55.01, lng: 12.01 },
    { lat: 55.01, lng: 12.0 },
  ];

  beforeAll(async () => {
    server = await startServer(databaseUrl);
    const db = server.database.db;
    // These tests count zones: start without the demo's safe zone.
    await db.deleteFrom('geofences').execute();
    const tenant = await db.selectFrom('tenants').select('id').where('name', '=', 'Sunrise Care').executeTakeFirstOrThrow();
    tenantId = tenant.id;
    // The demo caregiver's own watches (the tenant's stock has watches without an owner too).
    watches = (await db.selectFrom('devices').innerJoin('users', 'users.id', 'devices.owner_user_id').select('devices.id').where('devices.tenant_id', '=', tenantId).where('users.user_name', '=', 'caregiver').orderBy('imei').execute()).map((d) => d.id);
    const second = await createTenantUser(db, { tenantId, userName: 'second-carer', role: ROLE_PLUG_AND_PLAY_USER, policies: CAREGIVER_POLICIES });
    otherCarerWatch = randomUUID();
    await db
      .insertInto('devices')
      .values({ id: otherCarerWatch, tenant_id: tenantId, owner_user_id: second.userId, name: 'Second watch', imei: '356938035640001', model: 'watch4', concurrency_stamp: randomUUID(), creator_id: second.userId })
      .execute();
    const foreign = await createTenantUser(db, { tenant: 'Other Care', userName: 'other-staff', role: 'admin', policies: policyCatalogue(server.engine.schemas) });
    [staff, carer, otherCarer, otherTenant] = (await Promise.all([
      tokensFor(server.url, 'staff', DEMO_PASSWORD),
      tokensFor(server.url, 'caregiver', DEMO_PASSWORD),
      tokensFor(server.url, second.userName, second.password),
      tokensFor(server.url, foreign.userName, foreign.password),
    ])).map((t) => t.access_token) as [string, string, string, string];
  });
  afterAll(async () => server?.stop());

  it('creates a circle with a schedule and links, reads it back, and lists it with filters', async () => {
    const created = await call(carer, 'POST', '/api/app/geofence-circulars', { ...circle, schedule: { from: '22:00', to: '06:00', timeZone: 'Europe/Copenhagen' }, deviceIds: [watches[0]] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ name: 'Home', shape: 'circle', center: circle.center, radius: 150, points: null, deviceIds: [watches[0]], citizenIds: [] });
    expect(created.body.schedule).toEqual({ from: '22:00', to: '06:00', timeZone: 'Europe/Copenhagen' });
    const id = created.body.id as string;

    const row = await server.database.db.selectFrom('geofences').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant_id: tenantId, shape: 'circle', center_lat: 55.6761, center_lon: 12.5683, radius_m: 150 });
    const links = await server.database.db.selectFrom('geofence_links').selectAll().where('geofence_id', '=', id).execute();
    expect(links).toEqual([expect.objectContaining({ device_id: watches[0], citizen_id: null, tenant_id: tenantId })]);

    expect((await call(carer, 'GET', `/api/app/geofences/${id}`)).body).toMatchObject({ id, name: 'Home' });
    const byDevice = await call(carer, 'GET', `/api/app/geofences?deviceId=${watches[0]}&Filter=hom`);
    expect(byDevice.body.items).toEqual([expect.objectContaining({ id })]);
    expect((await call(carer, 'GET', `/api/app/geofences?deviceId=${watches[1]}`)).body).toMatchObject({ totalCount: 0, items: [] });
    expect((await call(carer, 'GET', '/api/app/geofences?shape=polygon')).body.totalCount).toBe(0);
    expect((await call(carer, 'GET', '/api/app/geofences?Sorting=drop table')).status).toBe(400);
  });

  it('creates a polygon, refuses fewer than three corners and crossing sides', async () => {
    const ok = await call(carer, 'POST', '/api/app/geofence-polygons', { name: 'Park', points: square });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ shape: 'polygon', points: square, center: null, radius: null });

    const two = await call(carer, 'POST', '/api/app/geofence-polygons', { name: 'Line', points: square.slice(0, 2) });
    expect(two.status).toBe(400);
    expect(two.body.error!.validationErrors).toEqual([{ members: ['points'], message: 'A polygon needs at least 3 corners' }]);

    const bowTie = [square[0], square[2], square[1], square[3]];
    const crossing = await call(carer, 'POST', '/api/app/geofence-polygons', { name: 'Bow tie', points: bowTie }, { lang: 'de' });
    expect(crossing.status).toBe(400);
    expect(crossing.body.error!.validationErrors![0]).toMatchObject({ members: ['points'] });
    expect(crossing.body.error!.validationErrors![0]!.message).not.toBe('The sides of the polygon must not cross each other');
  });

  it("answers 'Create a geofence by selecting an area on the map' when nothing is drawn, in the caller's language", async () => {
    const noCircle = await call(carer, 'POST', '/api/app/geofence-circulars', { name: 'Nothing' });
    expect(noCircle.status).toBe(400);
    expect(noCircle.body.error!.validationErrors).toEqual([{ members: ['center'], message: 'Create a geofence by selecting an area on the map' }]);
    const noPolygon = await call(carer, 'POST', '/api/app/geofence-polygons', { name: 'Nothing', points: [] });
    expect(noPolygon.body.error!.validationErrors).toEqual([{ members: ['points'], message: 'Create a geofence by selecting an area on the map' }]);
    const noShape = await call(carer, 'POST', '/api/app/geofences', { name: 'Nothing' }, { lang: 'da' });
    expect(noShape.status).toBe(400);
    expect(noShape.body.error!.validationErrors![0]!.members).toEqual(['shape']);
    expect(noShape.body.error!.validationErrors![0]!.message).not.toMatch(/Create a geofence/);
  });

  it('refuses bad input with a 400 naming the member: radius bounds, coordinates, types, schedule, unknown fields', async () => {
    const cases: [unknown, string][] = [
      [{ ...circle, radius: 5 }, 'radius'],
      [{ ...circle, radius: 100_000 }, 'radius'],
      [{ ...circle, center: { lat: 91, lng: 0 } }, 'center.lat'],
      [{ ...circle, radius: 'big' }, 'radius'],
      [{ ...circle, name: '' }, 'name'],
      [{ ...circle, colour: 'red' }, 'colour'],
      [{ ...circle, schedule: { from: '25:00', to: '06:00', timeZone: 'Europe/Copenhagen' } }, 'schedule.from'],
      [{ ...circle, schedule: { from: '22:00', to: '06:00', timeZone: 'Mars/Olympus' } }, 'schedule.timeZone'],
      [{ ...circle, schedule: { from: '22:00', to: '22:00', timeZone: 'UTC' } }, 'schedule.to'],
      [{ ...circle, deviceIds: ['not-a-uuid'] }, 'deviceIds[0]'],
    ];
    for (const [body, member] of cases) {
      const res = await call(carer, 'POST', '/api/app/geofence-circulars', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error!.validationErrors!.map((v) => v.members[0]), JSON.stringify(body)).toContain(member);
    }
    const radius = await call(carer, 'POST', '/api/app/geofence-circulars', { ...circle, radius: 5 });
    expect(radius.body.error!.validationErrors![0]!.message).toBe('The radius must be between 20 and 50000 metres');
    expect((await call(carer, 'POST', '/api/app/geofence-circulars', '{not json')).status).toBe(400);
  });

  it("keeps caregivers apart: another carer's zone is a 404, their watch cannot be linked, citizens are for staff", async () => {
    const mine = await call(carer, 'POST', '/api/app/geofence-circulars', { ...circle, name: 'Mine' });
    const id = mine.body.id as string;
    expect((await call(otherCarer, 'GET', `/api/app/geofences/${id}`)).status).toBe(404);
    expect((await call(otherCarer, 'PUT', `/api/app/geofence-circulars/${id}`, { ...circle, name: 'Taken' })).status).toBe(404);
    expect((await call(otherCarer, 'DELETE', `/api/app/geofences/${id}`)).status).toBe(404);
    expect((await call(otherCarer, 'POST', '/api/app/geofenceLink/postMultiple', { geofenceId: id, deviceIds: [otherCarerWatch] })).status).toBe(404);
    const listed = (await call(otherCarer, 'GET', '/api/app/geofences?MaxResultCount=100')).body.items as { id: string }[];
    expect(listed.map((g) => g.id)).not.toContain(id);

    const foreignWatch = await call(carer, 'POST', '/api/app/geofenceLink/postMultiple', { geofenceId: id, deviceIds: [watches[0], otherCarerWatch] });
    expect(foreignWatch.status).toBe(400);
    expect(foreignWatch.body.error!.validationErrors).toEqual([{ members: ['deviceIds[1]'], message: 'This device does not exist or is not yours' }]);
    expect((await call(carer, 'POST', '/api/app/geofenceLink/postMultiple', { geofenceId: id, citizenIds: [randomUUID()] })).status).toBe(403);

    const targets = await call(carer, 'GET', '/api/app/geofences/link-targets');
    expect((targets.body.devices as { id: string }[]).map((d) => d.id).sort()).toEqual([...watches].sort());
    expect(targets.body.citizens).toEqual([]);

    // Staff see the tenant's zones, another tenant sees none of them.
    expect((await call(staff, 'GET', `/api/app/geofences/${id}`)).status).toBe(200);
    expect((await call(otherTenant, 'GET', `/api/app/geofences/${id}`)).status).toBe(404);
    expect((await call(otherTenant, 'PUT', `/api/app/geofences/${id}`, { ...circle, shape: 'circle' })).status).toBe(404);
    expect(((await call(otherTenant, 'GET', '/api/app/geofences')).body.totalCount)).toBe(0);
  });

  it('staff link a zone to citizens and devices of the tenant, replacing its links', async () => {
    const citizenId = randomUUID();
    await server.database.db
      .insertInto('citizens' as never)
      .values({ id: citizenId, tenant_id: tenantId, first_name: 'Ada', last_name: 'Jensen', concurrency_stamp: randomUUID() } as never)
      .execute();
    const zone = await call(staff, 'POST', '/api/app/geofences', { ...circle, shape: 'circle', name: 'Care home', deviceIds: [watches[0]] });
    expect(zone.status, JSON.stringify(zone.body)).toBe(200);
    const id = zone.body.id as string;
    const linked = await call(staff, 'POST', '/api/app/geofenceLink/postMultiple', { geofenceId: id, deviceIds: [otherCarerWatch, watches[1]], citizenIds: [citizenId] });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect((linked.body.deviceIds as string[]).sort()).toEqual([otherCarerWatch, watches[1]].sort());
    expect(linked.body.citizenIds).toEqual([citizenId]);
    const rows = await server.database.db.selectFrom('geofence_links').select(['device_id', 'citizen_id']).where('geofence_id', '=', id).execute();
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.device_id)).not.toContain(watches[0]);
    expect((await call(staff, 'GET', `/api/app/geofences?citizenId=${citizenId}`)).body.items).toEqual([expect.objectContaining({ id })]);
    // A citizen of another tenant cannot be linked.
    expect((await call(otherTenant, 'POST', '/api/app/geofences', { ...circle, shape: 'circle', citizenIds: [citizenId] })).status).toBe(400);
  });

  it('updates with the concurrency stamp (a stale one is a 409), switches shape, and deletes', async () => {
    const created = await call(carer, 'POST', '/api/app/geofence-circulars', { ...circle, name: 'Garden', deviceIds: [watches[0]] });
    const id = created.body.id as string;
    const stamp = created.body.concurrencyStamp as string;
    const updated = await call(carer, 'PUT', `/api/app/geofence-circulars/${id}`, { ...circle, name: 'Garden 2', radius: 300, concurrencyStamp: stamp });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Garden 2', radius: 300, deviceIds: [watches[0]] });
    expect(updated.body.concurrencyStamp).not.toBe(stamp);

    const stale = await call(carer, 'PUT', `/api/app/geofence-circulars/${id}`, { ...circle, name: 'Lost update', concurrencyStamp: stamp });
    expect(stale.status).toBe(409);
    expect((await call(carer, 'GET', `/api/app/geofences/${id}`)).body.name).toBe('Garden 2');

    const polygon = await call(carer, 'PUT', `/api/app/geofences/${id}`, { name: 'Garden', shape: 'polygon', points: square, deviceIds: [], concurrencyStamp: updated.body.concurrencyStamp });
    expect(polygon.status, JSON.stringify(polygon.body)).toBe(200);
    expect(polygon.body).toMatchObject({ shape: 'polygon', center: null, radius: null, deviceIds: [] });

    expect((await call(carer, 'DELETE', `/api/app/geofences/${id}`)).status).toBe(204);
    expect((await call(carer, 'GET', `/api/app/geofences/${id}`)).status).toBe(404);
    const row = await server.database.db.selectFrom('geofences').select('is_deleted').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.is_deleted).toBe(true);
  });

  it('refuses callers without the policy and anonymous callers', async () => {
    const db = server.database.db;
    const nobody = await createTenantUser(db, { tenantId, userName: 'no-geofences', role: 'Reader', policies: ['Vigil.Guides'] });
    const token = (await tokensFor(server.url, nobody.userName, nobody.password)).access_token;
    expect((await call(token, 'GET', '/api/app/geofences')).status).toBe(403);
    expect((await call(token, 'POST', '/api/app/geofence-circulars', circle)).status).toBe(403);
    expect((await fetch(`${server.url}/api/app/geofences`)).status).toBe(401);
  });
});
