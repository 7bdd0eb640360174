import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../support/server';
import { caller, type Json } from '../support/api-calls';
import { startBackOffice, tenantUserWith, type BackOffice } from '../support/back-office';
import { createTenantUser } from '../support/fixtures';
import { signIn, tokensFor } from '../support/sign-in';
import { DEMO_TENANT } from '../../server/seed/demo';

/** Tenant management: /api/saas/tenants, /api/app/customTenant, the anonymous lookups, inactive tenants. */
describe.each(DATABASES)('tenants ($name)', ({ url: databaseUrl }) => {
  let office: BackOffice;
  const call = caller(() => office.server);
  const members = (body: Json) => body.error!.validationErrors!.flatMap((v) => v.members).sort();
  const create = (body: Record<string, unknown>, lang = 'en') => call(office.admin, 'POST', '/api/saas/tenants', body, { lang });

  beforeAll(async () => {
    office = await startBackOffice(databaseUrl);
  });
  afterAll(async () => office?.server.stop());

  it('creates a tenant with its own fields and static roles, and reads it back', async () => {
    const res = await create({ name: '  Harbour Care ', contactEmail: 'office@harbour.example', phoneNumber: '+4512345678', customerNumber: 'C-100', address: 'Kajen 1, Aarhus', notes: 'Pilot' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Harbour Care', activationState: 0, activationEndDate: null, isActive: true, isAvailable: true,
      contactEmail: 'office@harbour.example', phoneNumber: '+4512345678', customerNumber: 'C-100', address: 'Kajen 1, Aarhus', notes: 'Pilot',
    });
    const id = res.body.id as string;
    expect((await call(office.admin, 'GET', `/api/saas/tenants/${id}`)).body).toMatchObject({ id, name: 'Harbour Care' });
    const roles = await office.server.database.db.selectFrom('roles').select('name').where('tenant_id', '=', id).orderBy('name').execute();
    expect(roles.map((r) => r.name)).toEqual(['Plug and Play User', 'admin']);
    const grants = await office.server.database.db.selectFrom('permission_grants').select('name').where('tenant_id', '=', id).where('provider_key', '=', 'admin').execute();
    expect(grants.map((g) => g.name)).toContain('Vigil.Devices');
    expect(grants.map((g) => g.name)).not.toContain('Saas.Tenants');
    const audit = await office.server.database.db.selectFrom('audit_logs').select('entity_changes').where('url', '=', '/api/saas/tenants').where('http_method', '=', 'POST').execute();
    expect(audit.flatMap((a) => a.entity_changes).some((c) => c.entityId === id && c.changeType === 0)).toBe(true);
  });

  it('refuses bad input with 400 naming the members, in the caller\'s language', async () => {
    const empty = await create({});
    expect(empty.status).toBe(400);
    expect(members(empty.body)).toEqual(['name']);
    const bad = await create({ name: 'x'.repeat(65), contactEmail: 'not-an-email', phoneNumber: '12ab', activationState: 7, colour: 'red' });
    expect(bad.status).toBe(400);
    expect(members(bad.body)).toEqual(['activationState', 'colour', 'contactEmail', 'name', 'phoneNumber']);
    const limited = await create({ name: 'Limited Care', activationState: 1 });
    expect(members(limited.body)).toEqual(['activationEndDate']);
    for (const name of ['null', '00000000-0000-0000-0000-000000000000']) expect(members((await create({ name })).body)).toEqual(['name']);
    const taken = await create({ name: DEMO_TENANT.toUpperCase() }, 'da-DK');
    expect(taken.status).toBe(400);
    expect(taken.body.error!.validationErrors).toEqual([{ message: `Der findes allerede en organisation med navnet '${DEMO_TENANT.toUpperCase()}'.`, members: ['name'] }]);
  });

  it('lists with Filter, ActivationState, ExpirationDateMin/Max, paging and sorting', async () => {
    await create({ name: 'Filter Alpha Care', activationState: 1, activationEndDate: '2030-06-01T00:00:00Z' });
    await create({ name: 'Filter Beta Care', activationState: 2 });
    await create({ name: 'Filter Gamma Care', customerNumber: 'FILTER-3' });
    const list = async (query: string) => (await call(office.admin, 'GET', `/api/saas/tenants?${query}`)).body as { totalCount: number; items: { name: string }[] };
    const names = async (query: string) => (await list(query)).items.map((i) => i.name);
    expect(await names('Filter=filter&Sorting=name desc')).toEqual(['Filter Gamma Care', 'Filter Beta Care', 'Filter Alpha Care']);
    expect(await names('filter=FILTER-3')).toEqual(['Filter Gamma Care']);
    expect(await names('Filter=filter&ActivationState=1')).toEqual(['Filter Alpha Care']);
    expect(await names('Filter=filter&ActivationState=2')).toEqual(['Filter Beta Care']);
    expect(await names('Filter=filter&ActivationState=0')).toEqual(['Filter Gamma Care']);
    expect(await names('ExpirationDateMin=2030-01-01&ExpirationDateMax=2030-12-31')).toEqual(['Filter Alpha Care']);
    const page = await list('Filter=filter&SkipCount=1&MaxResultCount=1');
    expect(page.totalCount).toBe(3);
    expect(page.items.map((i) => i.name)).toEqual(['Filter Beta Care']);
    for (const query of ['ActivationState=9', 'ExpirationDateMin=soon', 'MaxResultCount=5000', 'Sorting=password']) {
      expect((await call(office.admin, 'GET', `/api/saas/tenants?${query}`)).status, query).toBe(400);
    }
  });

  it('updates with the concurrency stamp and answers 409 to a stale one', async () => {
    const created = (await create({ name: 'Stamp Care' })).body;
    const updated = await call(office.admin, 'PUT', `/api/saas/tenants/${created.id}`, { ...created, name: 'Stamp Care Renamed', activationState: 1, activationEndDate: '2031-01-01T00:00:00.000Z' });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Stamp Care Renamed', activationState: 1, contactEmail: null });
    expect(new Date(updated.body.activationEndDate as string).toISOString()).toBe('2031-01-01T00:00:00.000Z');
    const stale = await call(office.admin, 'PUT', `/api/saas/tenants/${created.id}`, { name: 'Stamp Care Again', concurrencyStamp: created.concurrencyStamp });
    expect(stale.status).toBe(409);
    expect((await call(office.admin, 'PUT', `/api/saas/tenants/${created.id}`, { name: DEMO_TENANT })).status).toBe(400);
    expect((await call(office.admin, 'PUT', '/api/saas/tenants/00000000-0000-0000-0000-000000000001', { name: 'Nobody' })).status).toBe(404);
  });

  it('reads and writes the custom tenant fields at /api/app/customTenant', async () => {
    const created = (await create({ name: 'Custom Fields Care' })).body;
    const path = `/api/app/customTenant/${created.id}`;
    const got = await call(office.admin, 'GET', path);
    expect(got.body).toEqual({ id: created.id, name: 'Custom Fields Care', contactEmail: null, phoneNumber: null, address: null, customerNumber: null, notes: null, concurrencyStamp: created.concurrencyStamp });
    const put = await call(office.admin, 'PUT', path, { ...got.body, contactEmail: 'care@custom.example', notes: 'Signed 2026' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ contactEmail: 'care@custom.example', notes: 'Signed 2026' });
    expect((await call(office.admin, 'PUT', path, { phoneNumber: 'call me' })).body.error!.validationErrors![0]!.members).toEqual(['phoneNumber']);
    expect((await call(office.admin, 'PUT', path, { notes: 'x', concurrencyStamp: created.concurrencyStamp })).status).toBe(409);
    // Clearing with an empty string.
    expect((await call(office.admin, 'PUT', path, { notes: '' })).body.notes).toBeNull();
  });

  it('answers the anonymous lookups by name and id, and the tenant filter lookup', async () => {
    const byName = await fetch(`${office.server.url}/api/abp/multi-tenancy/tenants/by-name/${encodeURIComponent(DEMO_TENANT.toLowerCase())}`);
    expect(await byName.json()).toEqual({ success: true, tenantId: office.demoTenantId, name: DEMO_TENANT, isActive: true });
    const byId = await fetch(`${office.server.url}/api/abp/multi-tenancy/tenants/by-id/${office.demoTenantId}`);
    expect(((await byId.json()) as Json).name).toBe(DEMO_TENANT);
    for (const path of ['by-name/No%20Such%20Care', 'by-id/not-a-uuid', 'by-id/00000000-0000-0000-0000-000000000001']) {
      expect(await (await fetch(`${office.server.url}/api/abp/multi-tenancy/tenants/${path}`)).json()).toEqual({ success: false, tenantId: null, name: null, isActive: false });
    }
    const lookup = await call(office.admin, 'GET', '/api/app/customTenant/lookup');
    const items = lookup.body.items as { id: string; name: string }[];
    expect(items).toContainEqual({ id: office.demoTenantId, name: DEMO_TENANT });
    // Passive tenants are no choice in the tenant filter.
    expect(items.map((i) => i.name)).not.toContain('Filter Beta Care');
  });

  it('stops an inactive or expired tenant: no sign-in, its tokens refused, __tenant 404, lookup isActive false', async () => {
    const tenant = (await create({ name: 'Paused Care' })).body;
    const user = await createTenantUser(office.server.database.db, { tenantId: tenant.id as string, userName: 'paused-staff', role: 'admin', policies: ['Vigil.Devices'] });
    const token = (await tokensFor(office.server.url, user.userName, user.password)).access_token;
    expect((await call(token, 'GET', '/api/abp/application-configuration')).status).toBe(200);

    for (const change of [{ activationState: 2 }, { activationState: 1, activationEndDate: '2020-01-01T00:00:00Z' }]) {
      const current = (await call(office.admin, 'GET', `/api/saas/tenants/${tenant.id}`)).body;
      const res = await call(office.admin, 'PUT', `/api/saas/tenants/${tenant.id}`, { name: 'Paused Care', ...change, concurrencyStamp: current.concurrencyStamp });
      expect(res.body).toMatchObject({ isAvailable: false });
      const attempt = await signIn(office.server.url, user.userName, user.password);
      expect(attempt.status).toBe(403);
      expect(attempt.page).toContain('This account is not active.');
      const refused = await call(token, 'GET', '/api/abp/application-configuration');
      expect(refused.status).toBe(403);
      expect(refused.body.error!.code).toBe('Volo.AbpIo.MultiTenancy:010002'); // ABP's TenantConfigurationProvider: tenant not active
      expect((await call(office.admin, 'GET', `/api/abp/application-configuration?__tenant=${tenant.id}`)).status).toBe(404);
      expect((await call(office.admin, 'GET', '/api/abp/application-configuration?__tenant=Paused%20Care')).status).toBe(404);
      const lookup = (await (await fetch(`${office.server.url}/api/abp/multi-tenancy/tenants/by-id/${tenant.id}`)).json()) as Json;
      expect(lookup).toMatchObject({ success: true, isActive: false });
    }

    const current = (await call(office.admin, 'GET', `/api/saas/tenants/${tenant.id}`)).body;
    await call(office.admin, 'PUT', `/api/saas/tenants/${tenant.id}`, { name: 'Paused Care', activationState: 0, concurrencyStamp: current.concurrencyStamp });
    expect((await signIn(office.server.url, user.userName, user.password)).status).toBe(200);
    expect((await call(token, 'GET', '/api/abp/application-configuration')).status).toBe(200);
  });

  it('deletes a tenant without users (its name is free again) and refuses one with users', async () => {
    const refused = await call(office.admin, 'DELETE', `/api/saas/tenants/${office.demoTenantId}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error!.code).toBe('Vigil:TenantHasUsers');
    const empty = (await create({ name: 'Short Lived Care' })).body;
    expect((await call(office.admin, 'DELETE', `/api/saas/tenants/${empty.id}`)).status).toBe(204);
    expect((await call(office.admin, 'GET', `/api/saas/tenants/${empty.id}`)).status).toBe(404);
    expect((await call(office.admin, 'DELETE', `/api/saas/tenants/${empty.id}`)).status).toBe(404);
    expect((await fetch(`${office.server.url}/api/abp/multi-tenancy/tenants/by-id/${empty.id}`).then((r) => r.json()) as Json).success).toBe(false);
    expect((await create({ name: 'Short Lived Care' })).status).toBe(200);
  });

  it('refuses tenant users, even one whose role was given the tenant policies', async () => {
    const rogue = await tenantUserWith(office, 'tenants-rogue', ['Saas.Tenants', 'Saas.Tenants.Create', 'Saas.Tenants.Update', 'Saas.Tenants.Delete']);
    for (const token of [office.staff, rogue]) {
      for (const [method, path, body] of [
        ['GET', '/api/saas/tenants', undefined],
        ['POST', '/api/saas/tenants', { name: 'Sneaky Care' }],
        ['GET', `/api/app/customTenant/${office.demoTenantId}`, undefined],
        ['GET', '/api/app/customTenant/lookup', undefined],
      ] as const) {
        const res = await call(token, method, path, body);
        expect(res.status, `${method} ${path}`).toBe(403);
      }
    }
    const res = await call(rogue, 'GET', '/api/saas/tenants');
    expect(res.body.error!.message).toBe("Only the service provider's staff can do this.");
  });
});
