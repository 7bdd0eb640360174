import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyCatalogue } from '../../server/permissions/catalogue';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { createTenantUser } from '../support/fixtures';
import { caller } from '../support/api-calls';

/**
 * A citizen's care side (SPEC section 3: a citizen has geofences, devices and alarm receivers):
 * GET monitoredObject/{id}/devices, geofences and alarm-responders, server/geofences/citizen-routes.ts.
 */
describe.each(DATABASES)("a citizen's geofences and alarm receivers ($name)", ({ url: databaseUrl }) => {
  let server: TestServer;
  let staff: string;
  let otherTenant: string;
  let nobody: string;
  const citizenId = randomUUID();
  const call = caller(() => server);
  const names = (body: Record<string, unknown>, key = 'name') => (body.items as Record<string, unknown>[]).map((i) => i[key]);

  beforeAll(async () => {
    server = await startServer(databaseUrl);
    const db = server.database.db;
    staff = (await tokensFor(server.url, 'staff', DEMO_PASSWORD)).access_token!;
    const tenantId = (await db.selectFrom('tenants').select('id').where('name', '=', 'Sunrise Care').executeTakeFirstOrThrow()).id;
    const other = await createTenantUser(db, { tenant: 'Care Tenant B', userName: 'care-b', role: 'admin', policies: policyCatalogue(server.engine.schemas) });
    const none = await createTenantUser(db, { tenantId, userName: 'care-nobody', role: 'care-nobody-role', policies: [] });
    otherTenant = (await tokensFor(server.url, other.userName, other.password)).access_token!;
    nobody = (await tokensFor(server.url, none.userName, none.password)).access_token!;

    await db
      .insertInto('citizens' as never)
      .values({ id: citizenId, tenant_id: tenantId, first_name: 'Karen', last_name: 'Vestergaard', address: 'Strandvej 2', postal_code: '2900', city: 'Hellerup', concurrency_stamp: randomUUID() } as never)
      .execute();
    const watch = await db.selectFrom('devices').select('id').where('name', '=', "Mum's watch").executeTakeFirstOrThrow();
    await db.updateTable('devices').set({ citizen_id: citizenId } as never).where('id', '=', watch.id).execute();
    // One zone linked to the citizen, one to the citizen's watch, one to neither.
    for (const [name, link] of [['Garden', { citizen_id: citizenId }], ['Harbour walk', { device_id: watch.id }], ['Elsewhere', null]] as const) {
      const zone = randomUUID();
      await db.insertInto('geofences').values({ id: zone, tenant_id: tenantId, name, shape: 'circle', center_lat: 55.73, center_lon: 12.58, radius_m: 150, concurrency_stamp: randomUUID() }).execute();
      if (link) await db.insertInto('geofence_links').values({ id: randomUUID(), tenant_id: tenantId, geofence_id: zone, ...link }).execute();
    }
    await db.insertInto('device_alarm_receivers').values({ id: randomUUID(), tenant_id: tenantId, device_id: watch.id, email: 'son@example.com', name: 'Anders Vestergaard', status: 'invited' }).execute();
  });
  afterAll(async () => server?.stop());

  it("answers the citizen's zones (their own and their devices') and their devices' alarm receivers", async () => {
    const zones = await call(staff, 'GET', `/api/app/monitoredObject/${citizenId}/geofences`);
    expect(zones.status, JSON.stringify(zones.body)).toBe(200);
    // The demo watch brings its own zones too; a zone linked to neither is not among them.
    expect(names(zones.body)).toEqual(expect.arrayContaining(['Garden', 'Harbour walk']));
    expect(names(zones.body)).not.toContain('Elsewhere');
    expect((zones.body.items as Record<string, unknown>[]).find((z) => z.name === 'Garden')).toMatchObject({ shape: 'circle', radius: 150 });

    const receivers = await call(staff, 'GET', `/api/app/monitoredObject/${citizenId}/alarm-responders`);
    expect(receivers.status).toBe(200);
    expect(receivers.body.items).toContainEqual(expect.objectContaining({ name: 'Anders Vestergaard', email: 'son@example.com', status: 'invited', deviceName: "Mum's watch" }));

    const devices = await call(staff, 'GET', `/api/app/monitoredObject/${citizenId}/devices`);
    expect(names(devices.body)).toEqual(["Mum's watch"]);
  });

  it("treats another tenant's citizen and a malformed id as not there, and refuses a caller without the citizens policy", async () => {
    for (const path of ['devices', 'geofences', 'alarm-responders']) {
      const foreign = await call(otherTenant, 'GET', `/api/app/monitoredObject/${citizenId}/${path}`);
      expect(foreign.status, path).toBe(404);
      expect(foreign.body.error?.message, path).toBeTruthy();
      expect((await call(staff, 'GET', `/api/app/monitoredObject/not-an-id/${path}`)).status, path).toBe(404);
      expect((await call(staff, 'GET', `/api/app/monitoredObject/${'9'.repeat(90)}/${path}`)).status, path).toBe(404);
      const refused = await call(nobody, 'GET', `/api/app/monitoredObject/${citizenId}/${path}`);
      expect(refused.status, path).toBe(403);
      expect(refused.body.error?.code, path).toBe('Volo.Authorization:010001'); // ABP's AbpAuthorizationErrorCodes.GivenPolicyHasNotGranted
    }
  });

  it('describes the routes in the OpenAPI document with their refusals', async () => {
    const doc = (await (await fetch(`${server.url}/swagger/json`)).json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    for (const path of ['devices', 'geofences', 'alarm-responders']) {
      const op = doc.paths[`/api/app/monitoredObject/{id}/${path}`]?.get;
      expect(op, path).toBeTruthy();
      expect(Object.keys(op!.responses)).toEqual(expect.arrayContaining(['200', '403', '404']));
    }
  });
});
