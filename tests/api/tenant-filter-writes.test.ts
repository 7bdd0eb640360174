import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../../common/roles';
import { TENANT_HEADER } from '../../common/abp-contract';
import { policyCatalogue } from '../../server/permissions/catalogue';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { createTenantUser } from '../support/fixtures';
import type { Json } from '../support/api-calls';
import type { DynamicDb } from '../../server/schema-engine/resource-model';

const LANGUAGES = ['en', 'da', 'de', 'sv', 'nb'] as const;

/**
 * Writes of a host user whose tenant filter is on All (`__tenant` = the all-zero UUID), or who
 * names the tenant to write in: a reference or link across tenants is refused with what it is and
 * whose record it is, in the caller's language; naming a tenant needs the tenant policy.
 */
describe.each(DATABASES)('writes under the tenant filter ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  let admin: string;
  let tenantAUser: string;
  let tenantBUser: string;
  let hostWithoutTenants: string;
  let tenantA: string;
  let tenantB: string;

  const call = async (token: string, method: string, path: string, opts: { body?: unknown; tenant?: string; lang?: string } = {}) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'accept-language': opts.lang ?? 'en',
        ...(opts.tenant ? { [TENANT_HEADER]: opts.tenant } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as Json };
  };
  const rowsNamed = (table: 'contact_people' | 'organizations', name: string) =>
    (server.database.db as unknown as DynamicDb).selectFrom(table).select(['id', 'tenant_id']).where('name', '=', name).where('is_deleted', '=', false).execute();

  beforeAll(async () => {
    server = await startServer(databaseUrl);
    const policies = policyCatalogue(server.engine.schemas);
    const a = await createTenantUser(server.database.db, { tenant: 'Harbour Care', userName: 'harbour-admin', role: 'admin', policies });
    const b = await createTenantUser(server.database.db, { tenant: 'Fjell Care', userName: 'fjell-admin', role: 'admin', policies });
    // A host user who may write customers' contacts but not pick tenants.
    const h = await createTenantUser(server.database.db, { tenantId: null, userName: 'host-clerk', role: 'host-clerk', policies: ['Vigil.Customers', 'Vigil.ContactPeople', 'Vigil.ContactPeople.Create'] });
    [tenantA, tenantB] = [a.tenantId!, b.tenantId!];
    [admin, tenantAUser, tenantBUser, hostWithoutTenants] = (await Promise.all(
      [['admin', DEMO_PASSWORD], [a.userName, a.password], [b.userName, b.password], [h.userName, h.password]].map(([u, p]) => tokensFor(server.url, u!, p!).then((t) => t.access_token)),
    )) as [string, string, string, string];
  });
  afterAll(async () => server?.stop());

  let n = 0;
  const newCustomer = async (token: string, name: string) => {
    const res = await call(token, 'POST', '/api/app/customer', { body: { name, customerNumber: `T-${++n}`, country: 'DK', currency: 'DKK', discountPercentage: 0 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return String(res.body.id);
  };

  it("refuses a contact person under All for another tenant's customer, saying whose customer it is, in every language", async () => {
    const customerId = await newCustomer(tenantAUser, 'Harbour Municipality');
    for (const lang of LANGUAGES) {
      const res = await call(admin, 'POST', '/api/app/contactPerson', { body: { customerId, name: `Nobody ${lang}`, isPrimary: false }, tenant: ALL_TENANTS, lang });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error!.code).toBe('Vigil:ReferenceInAnotherTenant');
      // The top message says it: not "check the highlighted fields".
      expect(res.body.error!.message).toContain('Harbour Care');
      expect(res.body.error!.validationErrors).toEqual([{ message: res.body.error!.message, members: ['customerId'] }]);
      if (lang !== 'en') expect(res.body.error!.message).not.toMatch(/belongs to/);
    }
    const en = await call(admin, 'POST', '/api/app/contactPerson', { body: { customerId, name: 'Nobody', isPrimary: false }, tenant: ALL_TENANTS });
    expect(en.body.error!.message).toBe(
      "Customer: the chosen record belongs to Harbour Care, but this one would be saved in the service provider's own organisation. Choose Harbour Care as the tenant to save it there.",
    );
    expect(await rowsNamed('contact_people', 'Nobody')).toEqual([]);
  });

  it("creates the contact person in the customer's tenant when the host names that tenant", async () => {
    const customerId = await newCustomer(tenantAUser, 'Harbour Ward Customer');
    const res = await call(admin, 'POST', '/api/app/contactPerson', { body: { customerId, name: 'Ida Harbour', isPrimary: true }, tenant: tenantA });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ customerId, tenantId: tenantA });
    expect(await rowsNamed('contact_people', 'Ida Harbour')).toEqual([{ id: res.body.id, tenant_id: tenantA }]);
    // The tenant's own staff see it.
    expect((await call(tenantAUser, 'GET', `/api/app/contactPerson/${String(res.body.id)}`)).status).toBe(200);
  });

  it('refuses naming a tenant to write in without the tenant policy, and to another tenant\'s user, writing nothing', async () => {
    const customerId = await newCustomer(tenantAUser, 'Harbour Guarded');
    const clerk = await call(hostWithoutTenants, 'POST', '/api/app/contactPerson', { body: { customerId, name: 'Clerk Try', isPrimary: false }, tenant: tenantA });
    expect(clerk.status).toBe(403);
    expect(clerk.body.error!.message).toBe('You cannot act on behalf of another organisation.');
    const other = await call(tenantBUser, 'POST', '/api/app/contactPerson', { body: { customerId, name: 'Fjell Try', isPrimary: false }, tenant: tenantA });
    expect(other.status).toBe(403);
    // A tenant's user never learns that another tenant's customer exists: a plain invalid reference.
    const own = await call(tenantBUser, 'POST', '/api/app/contactPerson', { body: { customerId, name: 'Fjell Guess', isPrimary: false } });
    expect(own.status).toBe(400);
    expect(own.body.error!.code).toBe('Vigil:Validation');
    expect(JSON.stringify(own.body)).not.toContain('Harbour');
    for (const name of ['Clerk Try', 'Fjell Try', 'Fjell Guess']) expect(await rowsNamed('contact_people', name)).toEqual([]);
  });

  it("refuses under All to link another tenant's organization, naming both and their tenants, in every language", async () => {
    const customerId = await newCustomer(tenantAUser, 'Harbour Linker');
    const org = await call(tenantBUser, 'POST', '/api/app/organizations-overviews', { body: { name: 'Fjell Home Care', code: 'FJ-HC' } });
    expect(org.status, JSON.stringify(org.body)).toBe(200);
    const messages = new Set<string>();
    for (const lang of LANGUAGES) {
      const res = await call(admin, 'POST', `/api/app/customer/${customerId}/linkedOrganizations`, { body: { organizationId: org.body.id }, tenant: ALL_TENANTS, lang });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error!.code).toBe('Vigil:OrganizationOfAnotherTenant');
      for (const name of ['Fjell Home Care', 'Fjell Care', 'Harbour Linker', 'Harbour Care']) expect(res.body.error!.message).toContain(name);
      expect(res.body.error!.validationErrors![0]!.members).toEqual(['organizationId']);
      messages.add(res.body.error!.message);
    }
    expect(messages.size).toBe(LANGUAGES.length);
    expect((await rowsNamed('organizations', 'Fjell Home Care')).length).toBe(1);
    const after = await call(tenantBUser, 'GET', `/api/app/organizations-overviews/${String(org.body.id)}`);
    expect(after.body.defaultCustomerId).toBeNull();

    // In the customer's own tenant the same host links one of that tenant's organizations.
    const ownOrg = await call(tenantAUser, 'POST', '/api/app/organizations-overviews', { body: { name: 'Harbour Home Care', code: 'HB-HC' } });
    const linked = await call(admin, 'POST', `/api/app/customer/${customerId}/linkedOrganizations`, { body: { organizationId: ownOrg.body.id }, tenant: tenantA });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.defaultCustomerId).toBe(customerId);
  });

  it("offers a picker only the customer's tenant's organizations when it names that tenant", async () => {
    const all = await call(admin, 'GET', '/api/app/organizations-overviews/lookups?MaxResultCount=1000', { tenant: ALL_TENANTS });
    const names = (body: Json) => (body.items as { name: string }[]).map((o) => o.name);
    expect(names(all.body)).toEqual(expect.arrayContaining(['Fjell Home Care', 'Harbour Home Care']));
    const own = await call(admin, 'GET', '/api/app/organizations-overviews/lookups?MaxResultCount=1000', { tenant: tenantB });
    expect(names(own.body)).toContain('Fjell Home Care');
    expect(names(own.body)).not.toContain('Harbour Home Care');
  });
});
