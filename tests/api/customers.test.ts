import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyCatalogue } from '../../server/permissions/catalogue';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { createTenantUser } from '../support/fixtures';
import { caller } from '../support/api-calls';
import { translate } from '../../server/localization/texts';

/** Customer pricing, discount, contacts and linked organizations; product list prices: server/resource-extensions/customers, products. */
describe.each(DATABASES)('customer pricing module ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  let admin: string;
  let tenantA: string;
  let tenantB: string;
  let customerId: string;
  let accessoryKey: string;
  const call = caller(() => server);
  let n = 0;
  type PriceItem = { productKey: string; kind: string; name: string; listPrice: number | null; customerPrice: number | null; effectivePrice: number | null };
  const item = (body: Record<string, unknown>, key: string) => (body.items as PriceItem[]).find((i) => i.productKey === key)!;
  const newCustomer = async (token: string, extra: Record<string, unknown> = {}) => {
    const res = await call(token, 'POST', '/api/app/customer', { name: `Customer ${++n}`, customerNumber: `C-${n}`, country: 'DK', currency: 'DKK', discountPercentage: 10, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return String(res.body.id);
  };

  beforeAll(async () => {
    server = await startServer(databaseUrl);
    const policies = policyCatalogue(server.engine.schemas);
    const a = await createTenantUser(server.database.db, { tenant: 'Price Tenant A', userName: 'price-a', role: 'admin', policies });
    const b = await createTenantUser(server.database.db, { tenant: 'Price Tenant B', userName: 'price-b', role: 'admin', policies });
    [admin, tenantA, tenantB] = (await Promise.all(
      [['admin', DEMO_PASSWORD], [a.userName, a.password], [b.userName, b.password]].map(([u, p]) => tokensFor(server.url, u!, p!).then((t) => t.access_token)),
    )) as [string, string, string];
    const accessory = await call(admin, 'POST', '/api/app/product/accessories', { name: 'Charging cradle', itemNumber: 'CR-1', launchDate: '2025-01-01' });
    accessoryKey = `accessory:${String(accessory.body.id)}`;
    customerId = await newCustomer(tenantA);
  });
  afterAll(async () => server?.stop());

  it('lets the host keep list prices per currency; tenant users may not', async () => {
    const set = await call(admin, 'PUT', '/api/app/product/listPrices', { currency: 'DKK', prices: [{ productKey: accessoryKey, price: 100 }] });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const list = await call(admin, 'GET', '/api/app/product/listPrices');
    expect(item(list.body, accessoryKey)).toMatchObject({ kind: 'accessory', name: 'Charging cradle', prices: { DKK: 100, EUR: null } });
    expect(item(list.body, 'subscription:monthly')).toMatchObject({ kind: 'subscription', name: 'Monthly subscription', prices: { DKK: 199 } });
    expect((await call(tenantA, 'GET', '/api/app/product/listPrices')).status).toBe(403);
    expect((await call(tenantA, 'PUT', '/api/app/product/listPrices', { currency: 'DKK', prices: [] })).status).toBe(403);
  });

  it('answers every product with list, own and effective price; own prices override, reset removes them', async () => {
    const start = await call(tenantA, 'GET', `/api/app/customer/${customerId}/prices`);
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(start.body).toMatchObject({ customerId, currency: 'DKK', discountPercentage: 10 });
    expect(item(start.body, 'subscription:monthly')).toMatchObject({ listPrice: 199, customerPrice: null, effectivePrice: 179.1 });
    expect(item(start.body, accessoryKey)).toMatchObject({ listPrice: 100, effectivePrice: 90 });

    const set = await call(tenantA, 'PUT', `/api/app/customer/${customerId}/prices`, { currency: 'DKK', prices: [{ productKey: 'subscription:monthly', price: 149.5 }] });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(item(set.body, 'subscription:monthly')).toMatchObject({ listPrice: 199, customerPrice: 149.5, effectivePrice: 134.55 });
    // Kept per currency: EUR still shows the list price.
    const eur = await call(tenantA, 'GET', `/api/app/customer/${customerId}/prices?currency=EUR`);
    expect(item(eur.body, 'subscription:monthly')).toMatchObject({ listPrice: 27, customerPrice: null, effectivePrice: 24.3 });

    const discount = await call(tenantA, 'PUT', `/api/app/customer/${customerId}/discountPercentage`, { discountPercentage: 12.5 });
    expect(discount.status, JSON.stringify(discount.body)).toBe(200);
    expect(discount.body.discountPercentage).toBe(12.5);
    const after = await call(tenantA, 'GET', `/api/app/customer/${customerId}/prices`);
    expect(item(after.body, 'subscription:monthly').effectivePrice).toBe(130.81);

    const reset = await call(tenantA, 'POST', `/api/app/customer/${customerId}/resetPrices`);
    expect(reset.status).toBe(200);
    expect(item(reset.body, 'subscription:monthly')).toMatchObject({ customerPrice: null, effectivePrice: 174.13 });

    const audit = await server.database.db.selectFrom('audit_logs').select('entity_changes').where('url', 'like', `%${customerId}/resetPrices`).executeTakeFirstOrThrow();
    expect(audit.entity_changes[0]!.propertyChanges[0]).toEqual({ propertyName: 'prices.DKK.subscription:monthly', originalValue: 149.5, newValue: null });
  });

  it('refuses negative prices, unknown products and currencies, and discounts outside 0 to 100', async () => {
    const negative = await call(tenantA, 'PUT', `/api/app/customer/${customerId}/prices`, { currency: 'DKK', prices: [{ productKey: 'subscription:annual', price: -1 }] });
    expect(negative.status).toBe(400);
    expect(negative.body.error!.validationErrors).toEqual([{ message: 'Must be >= 0', members: ['prices[0].price'] }]);
    const unknown = await call(tenantA, 'PUT', `/api/app/customer/${customerId}/prices`, { currency: 'DKK', prices: [{ productKey: 'subscription:weekly', price: 1 }] });
    expect(unknown.body.error!.validationErrors).toEqual([{ message: "Unknown product 'subscription:weekly'", members: ['prices[0].productKey'] }]);
    expect((await call(tenantA, 'PUT', `/api/app/customer/${customerId}/prices`, { currency: 'GBP', prices: [] })).status).toBe(400);
    expect((await call(tenantA, 'GET', `/api/app/customer/${customerId}/prices?currency=GBP`)).status).toBe(400);
    for (const value of [101, -0.5]) {
      const res = await call(tenantA, 'PUT', `/api/app/customer/${customerId}/discountPercentage`, { discountPercentage: value }, { lang: 'da-DK' });
      expect(res.status).toBe(400);
      expect(res.body.error!.validationErrors).toEqual([{ message: 'Rabatten skal være mellem 0 og 100', members: ['discountPercentage'] }]);
    }
    const stale = await call(tenantA, 'PUT', `/api/app/customer/${customerId}/discountPercentage`, { discountPercentage: 5, concurrencyStamp: 'old' });
    expect(stale.status).toBe(409);
  });

  it("refuses price, currency and discount requests of the wrong shape with ABP's 400 in the caller's language, changing nothing", async () => {
    const id = await newCustomer(tenantA);
    const own = await call(tenantA, 'PUT', `/api/app/customer/${id}/prices`, { currency: 'DKK', prices: [{ productKey: 'subscription:monthly', price: 120 }] });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const da = { lang: 'da-DK' };
    const refusal = (members: string, message: string) => ({ status: 400, body: { error: { code: 'Vigil:Validation', message: translate('errors.validation', 'da'), details: null, data: {}, validationErrors: [{ members: [members], message }] } } });
    const badCurrency = refusal('currency', 'currency er ugyldig');
    // The shape is the schema's (a number is not text, a code is three capitals); an unknown code is refused alike by the handler.
    const shape = await call(tenantA, 'PUT', `/api/app/customer/${id}/prices`, { currency: 'dkk', prices: [{ productKey: 'subscription:monthly', price: '99' }] }, da);
    expect(shape.status).toBe(400);
    expect(shape.body.error!.validationErrors).toEqual([
      { members: ['currency'], message: 'currency er ugyldig' },
      { members: ['prices[0].price'], message: 'Skal være et tal' },
    ]);
    expect(await call(tenantA, 'PUT', `/api/app/customer/${id}/prices`, { currency: 'GBP', prices: [{ productKey: 'subscription:monthly', price: 1 }] }, da)).toMatchObject(badCurrency);
    expect(await call(tenantA, 'GET', `/api/app/customer/${id}/prices?currency=dk`, undefined, da)).toMatchObject(badCurrency);
    expect(await call(tenantA, 'GET', `/api/app/customer/${id}/prices?currency=GBP`, undefined, da)).toMatchObject(badCurrency);
    expect(await call(tenantA, 'POST', `/api/app/customer/${id}/resetPrices`, { currency: 5 }, da)).toMatchObject(badCurrency);
    expect(await call(tenantA, 'POST', `/api/app/customer/${id}/resetPrices`, { currency: 'GBP' }, da)).toMatchObject(badCurrency);
    expect(await call(tenantA, 'POST', `/api/app/customer/${id}/resetPrices`, { currency: 'DKK', all: true }, da)).toMatchObject(refusal('all', 'all er ikke et kendt felt'));
    // A discount is a number (a JSON body is never coerced), and nothing but it and the stamp.
    expect(await call(tenantA, 'PUT', `/api/app/customer/${id}/discountPercentage`, { discountPercentage: '5' }, da)).toMatchObject(refusal('discountPercentage', 'Skal være et tal'));
    expect(await call(tenantA, 'PUT', `/api/app/customer/${id}/discountPercentage`, { discountPercentage: 5, name: 'x' }, da)).toMatchObject(refusal('name', 'Navn er ikke et kendt felt'));
    expect(await call(tenantA, 'PUT', `/api/app/customer/${id}/discountPercentage`, undefined, da)).toMatchObject(refusal('discountPercentage', 'Rabat (%) er påkrævet'));
    // Nothing changed.
    const after = await call(tenantA, 'GET', `/api/app/customer/${id}/prices`);
    expect(after.body).toMatchObject({ currency: 'DKK', discountPercentage: 10 });
    expect(item(after.body, 'subscription:monthly').customerPrice).toBe(120);
    const list = await call(admin, 'PUT', '/api/app/product/listPrices', { currency: 'DKK', prices: [{ productKey: 'subscription:monthly', price: -5 }] }, da);
    expect(list).toMatchObject(refusal('prices[0].price', 'Skal være >= 0'));
    expect(item((await call(admin, 'GET', '/api/app/product/listPrices')).body, 'subscription:monthly')).toMatchObject({ prices: { DKK: 199 } });
  });

  it("treats another tenant's customer as not there (404)", async () => {
    const paths: [string, string, unknown?][] = [
      ['GET', 'prices'],
      ['PUT', 'prices', { currency: 'DKK', prices: [] }],
      ['POST', 'resetPrices'],
      ['PUT', 'discountPercentage', { discountPercentage: 1 }],
      ['GET', 'contacts'],
      ['GET', 'linkedOrganizations'],
    ];
    for (const [method, path, body] of paths) expect((await call(tenantB, method, `/api/app/customer/${customerId}/${path}`, body)).status, `${method} ${path}`).toBe(404);
    expect((await call(tenantA, 'GET', '/api/app/customer/not-an-id/prices')).status).toBe(404);
  });

  it("lists the customer's contact people (primary first) and linked organizations", async () => {
    const other = await newCustomer(tenantA);
    for (const [name, isPrimary, customer] of [['Zoe', true, customerId], ['Adam', false, customerId], ['Else', true, other]] as const) {
      expect((await call(tenantA, 'POST', '/api/app/contactPerson', { customerId: customer, name, isPrimary })).status).toBe(200);
    }
    const contacts = await call(tenantA, 'GET', `/api/app/customer/${customerId}/contacts`);
    expect((contacts.body.items as { name: string }[]).map((c) => c.name)).toEqual(['Zoe', 'Adam']);

    await call(tenantA, 'POST', '/api/app/organizations-overviews', { name: 'North', code: 'N1', defaultCustomerId: customerId });
    await call(tenantA, 'POST', '/api/app/organizations-overviews', { name: 'South', code: 'S1', defaultCustomerId: other });
    const orgs = await call(tenantA, 'GET', `/api/app/customer/${customerId}/linkedOrganizations`);
    expect((orgs.body.items as { name: string }[]).map((o) => o.name)).toEqual(['North']);
  });

  it('links an organization to a customer and unlinks it; the counts on the list and the record follow', async () => {
    const id = await newCustomer(tenantA, { name: 'Linked Care' });
    for (const name of ['Ida', 'Bo']) expect((await call(tenantA, 'POST', '/api/app/contactPerson', { customerId: id, name, isPrimary: false })).status).toBe(200);
    const org = await call(tenantA, 'POST', '/api/app/organizations-overviews', { name: 'Harbour Ward', code: 'HW1' });
    expect(org.status, JSON.stringify(org.body)).toBe(200);
    const orgId = String(org.body.id);

    const linked = await call(tenantA, 'POST', `/api/app/customer/${id}/linkedOrganizations`, { organizationId: orgId });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body).toMatchObject({ id: orgId, name: 'Harbour Ward', defaultCustomerId: id });
    // Linking again changes nothing.
    expect((await call(tenantA, 'POST', `/api/app/customer/${id}/linkedOrganizations`, { organizationId: orgId })).status).toBe(200);
    const orgs = await call(tenantA, 'GET', `/api/app/customer/${id}/linkedOrganizations`);
    expect((orgs.body.items as { id: string }[]).map((o) => o.id)).toEqual([orgId]);

    // The counts are the real numbers, on the record and in the list.
    const record = await call(tenantA, 'GET', `/api/app/customer/${id}`);
    expect(record.body).toMatchObject({ organizationCount: 1, contactPersonCount: 2 });
    const list = await call(tenantA, 'GET', '/api/app/customer?Filter=Linked%20Care');
    expect(list.body.items).toEqual([expect.objectContaining({ id, organizationCount: 1, contactPersonCount: 2 })]);

    // The change is audited as a change of the organization.
    const audit = await server.database.db.selectFrom('audit_logs').select(['entity_changes', 'http_method']).where('url', '=', `/api/app/customer/${id}/linkedOrganizations`).execute();
    const changes = audit.flatMap((a) => (typeof a.entity_changes === 'string' ? JSON.parse(a.entity_changes) : a.entity_changes) as { entityType: string; entityId: string }[]);
    expect(changes).toContainEqual(expect.objectContaining({ entityType: 'organizations', entityId: orgId }));

    const unlinked = await call(tenantA, 'DELETE', `/api/app/customer/${id}/linkedOrganizations/${orgId}`);
    expect(unlinked.status, JSON.stringify(unlinked.body)).toBe(204);
    expect(((await call(tenantA, 'GET', `/api/app/customer/${id}/linkedOrganizations`)).body.items as unknown[]).length).toBe(0);
    expect((await call(tenantA, 'GET', `/api/app/organizations-overviews/${orgId}`)).body.defaultCustomerId).toBeNull();
    expect((await call(tenantA, 'GET', `/api/app/customer/${id}`)).body).toMatchObject({ organizationCount: 0, contactPersonCount: 2 });
    // Not linked (any more): nothing to unlink.
    expect((await call(tenantA, 'DELETE', `/api/app/customer/${id}/linkedOrganizations/${orgId}`)).status).toBe(404);
    expect((await call(tenantA, 'DELETE', `/api/app/customer/${id}/linkedOrganizations/not-an-id`)).status).toBe(404);
  });

  it('refuses bad link bodies with a 400 naming organizationId, never a 500', async () => {
    const bad: unknown[] = [{}, { organizationId: 'nope' }, { organizationId: 42 }, { organizationId: randomUUID() }, [], 'null'];
    for (const body of bad) {
      const res = await call(tenantA, 'POST', `/api/app/customer/${customerId}/linkedOrganizations`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.message, JSON.stringify(body)).toBeTruthy();
    }
    const missing = await call(tenantA, 'POST', `/api/app/customer/${customerId}/linkedOrganizations`, { organizationId: randomUUID() });
    expect(missing.body.error!.validationErrors).toEqual([{ message: 'The organization was not found. It may have been deleted.', members: ['organizationId'] }]);
    const extra = await call(tenantA, 'POST', `/api/app/customer/${customerId}/linkedOrganizations`, { organizationId: randomUUID(), more: 1 });
    expect(extra.status).toBe(400);
    const broken = await call(tenantA, 'POST', `/api/app/customer/${customerId}/linkedOrganizations`, '{"organizationId":', { contentType: 'application/json' });
    expect(broken.status).toBe(400);
  });

  it("keeps tenants apart: another tenant's customer, organization and contacts are not there", async () => {
    const org = await call(tenantA, 'POST', '/api/app/organizations-overviews', { name: 'A only', code: 'AO1' });
    const orgId = String(org.body.id);
    // Tenant B cannot link, unlink or read on tenant A's customer.
    expect((await call(tenantB, 'POST', `/api/app/customer/${customerId}/linkedOrganizations`, { organizationId: orgId })).status).toBe(404);
    expect((await call(tenantB, 'DELETE', `/api/app/customer/${customerId}/linkedOrganizations/${orgId}`)).status).toBe(404);
    expect((await call(tenantB, 'GET', `/api/app/customer/${customerId}/contacts`)).status).toBe(404);
    // Nor link tenant A's organization to a customer of its own.
    const own = await newCustomer(tenantB);
    const res = await call(tenantB, 'POST', `/api/app/customer/${own}/linkedOrganizations`, { organizationId: orgId });
    expect(res.status).toBe(400);
    expect(res.body.error!.validationErrors![0]!.members).toEqual(['organizationId']);
    expect((await call(tenantA, 'GET', `/api/app/organizations-overviews/${orgId}`)).body.defaultCustomerId).toBeNull();
  });

  it('refuses callers without the policies: reading needs Customers, linking Customers.Update and Organizations.Update', async () => {
    const org = await call(tenantA, 'POST', '/api/app/organizations-overviews', { name: 'Guarded', code: 'G1' });
    const orgId = String(org.body.id);
    const tenantAId = (await server.database.db.selectFrom('users').select('tenant_id').where('user_name', '=', 'price-a').executeTakeFirstOrThrow()).tenant_id;
    const tokenWith = async (userName: string, policies: string[]) => {
      const u = await createTenantUser(server.database.db, { tenantId: tenantAId, userName, role: `${userName}-role`, policies });
      return (await tokensFor(server.url, u.userName, u.password)).access_token!;
    };
    const nobody = await tokenWith('cust-nobody', []);
    const reader = await tokenWith('cust-reader', ['Vigil.Customers']);
    const customerEditor = await tokenWith('cust-editor', ['Vigil.Customers', 'Vigil.Customers.Update']);
    const linker = await tokenWith('cust-linker', ['Vigil.Customers', 'Vigil.Customers.Update', 'Vigil.Organizations.Update']);
    const link = (token: string) => call(token, 'POST', `/api/app/customer/${customerId}/linkedOrganizations`, { organizationId: orgId });

    expect((await call(nobody, 'GET', `/api/app/customer/${customerId}/contacts`)).status).toBe(403);
    expect((await call(nobody, 'GET', `/api/app/customer/${customerId}/linkedOrganizations`)).status).toBe(403);
    expect((await link(nobody)).status).toBe(403);
    expect((await call(nobody, 'POST', `/api/app/customer/${customerId}/linkedOrganizations`, {})).status).toBe(403);
    expect((await call(reader, 'GET', `/api/app/customer/${customerId}/contacts`)).status).toBe(200);
    expect((await link(reader)).status).toBe(403);
    expect((await link(customerEditor)).status).toBe(403);
    expect((await call(tenantA, 'GET', `/api/app/organizations-overviews/${orgId}`)).body.defaultCustomerId).toBeNull();
    expect((await link(linker)).status).toBe(200);
    expect((await call(customerEditor, 'DELETE', `/api/app/customer/${customerId}/linkedOrganizations/${orgId}`)).status).toBe(403);
    expect((await call(linker, 'DELETE', `/api/app/customer/${customerId}/linkedOrganizations/${orgId}`)).status).toBe(204);
  });

  it('declares the schema of every pricing, contact and link route: its parameters, its body and its answers', () => {
    const routes = server.app.routeCatalogue.filter((r) => r.url.startsWith('/api/app/customer/:id/') || r.url === '/api/app/product/listPrices' || r.url === '/api/app/currency/availableCurrencies');
    expect(routes.length).toBeGreaterThanOrEqual(11);
    const missing = routes.flatMap((r) => {
      const needed = ['response', ...(r.url.includes(':id') ? ['params'] : []), ...(r.method === 'PUT' || r.method === 'POST' ? ['body'] : [])];
      return needed.filter((part) => !r.declares.includes(part)).map((part) => `${r.method} ${r.url}: no ${part}`);
    });
    expect(missing).toEqual([]);
  });

  it('describes the pricing, contacts and linked organization routes in the OpenAPI document, with their bodies and refusals', async () => {
    const doc = (await (await fetch(`${server.url}/swagger/json`)).json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>> };
    const ops: [string, string][] = [
      ['/api/app/customer/{id}/prices', 'get'],
      ['/api/app/customer/{id}/prices', 'put'],
      ['/api/app/customer/{id}/resetPrices', 'post'],
      ['/api/app/customer/{id}/discountPercentage', 'put'],
      ['/api/app/customer/{id}/contacts', 'get'],
      ['/api/app/customer/{id}/linkedOrganizations', 'get'],
      ['/api/app/customer/{id}/linkedOrganizations', 'post'],
      ['/api/app/customer/{id}/linkedOrganizations/{organizationId}', 'delete'],
    ];
    for (const [path, method] of ops) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeTruthy();
      expect(Object.keys(op!.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['400', '401', '403', '404']));
    }
    expect(doc.paths['/api/app/customer/{id}/linkedOrganizations']!.post!.requestBody).toBeTruthy();
    expect(doc.paths['/api/app/customer/{id}/prices']!.put!.requestBody).toBeTruthy();
    expect(doc.paths['/api/app/customer/{id}/discountPercentage']!.put!.requestBody).toBeTruthy();
    expect(Object.keys(doc.paths['/api/app/product/listPrices']!.get!.responses)).toEqual(expect.arrayContaining(['200', '401', '403']));
  });

  it('lists the available currencies with names in the caller\'s language', async () => {
    const en = await call(tenantA, 'GET', '/api/app/currency/availableCurrencies');
    expect((en.body.items as { code: string }[]).map((c) => c.code)).toEqual(['DKK', 'EUR', 'SEK', 'NOK', 'USD']);
    const da = await call(tenantA, 'GET', '/api/app/currency/availableCurrencies', undefined, { lang: 'da-DK' });
    expect((da.body.items as { code: string; name: string }[])[0]).toEqual({ code: 'DKK', name: 'Danske kroner (DKK)' });
  });
});
