import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyCatalogue } from '../../server/permissions/catalogue';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { createTenantUser } from '../support/fixtures';
import { caller } from '../support/api-calls';

/** Customer pricing, discount, contacts and linked organizations; product list prices: server/modules/customers, products. */
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

  it('lists the available currencies with names in the caller\'s language', async () => {
    const en = await call(tenantA, 'GET', '/api/app/currency/availableCurrencies');
    expect((en.body.items as { code: string }[]).map((c) => c.code)).toEqual(['DKK', 'EUR', 'SEK', 'NOK', 'USD']);
    const da = await call(tenantA, 'GET', '/api/app/currency/availableCurrencies', undefined, { lang: 'da-DK' });
    expect((da.body.items as { code: string; name: string }[])[0]).toEqual({ code: 'DKK', name: 'Danske kroner (DKK)' });
  });
});
