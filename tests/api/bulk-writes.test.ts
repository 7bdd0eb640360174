import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataProvider } from 'react-admin';
import { policyCatalogue } from '../../server/permissions/catalogue';
import { createHttpClient } from '../../src/providers/apiFetch';
import { createAuthorizer } from '../../src/providers/authHeaders';
import { createAbpDataProvider } from '../../src/providers/dataProvider';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { createTenantUser } from '../support/fixtures';
import { caller } from '../support/api-calls';

/**
 * react-admin's bulk calls against the real server, through Vigil's own data provider:
 * - updateMany and deleteMany use the schema engine's bulk endpoints, where every record is
 *   checked (policy, tenant, schema, references, unique fields, the module's write hooks) and
 *   written in one transaction: one refusal changes nothing;
 * - getMany of 1,200 ids stays within the server's request-head limit (one URL with them all is
 *   refused with 431, which is what react-admin's ReferenceArrayField would send).
 * ra-core's DataProvider contract: marmelab/react-admin, packages/ra-core/src/types.ts
 * (`updateMany` and `deleteMany` answer `{ data: ids }`, `getMany` `{ data: records }`).
 */
describe.each(DATABASES)('bulk writes and long id lists ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  let tokenA: string;
  let tokenB: string;
  let readerA: string;
  const call = caller(() => server);
  const providerFor = (token: () => string, lang = 'en'): DataProvider =>
    createAbpDataProvider({
      http: createHttpClient({
        apiBase: async () => `${server.url}/api`,
        authorization: createAuthorizer({ user: async () => ({ access_token: token(), token_type: 'Bearer' }), proof: async () => undefined }),
        language: () => lang,
        tenantFilter: () => undefined,
        fetch,
      }),
      registrationFor: (resource) => {
        if (resource !== 'organizations') throw new Error(resource);
        return { endpoint: '/api/app/organizations-overviews', idsFilter: 'id', bulk: true };
      },
    });
  let dp: DataProvider;
  const ENDPOINT = '/api/app/organizations-overviews';
  const create = async (token: string, body: Record<string, unknown>) => {
    const res = await call(token, 'POST', ENDPOINT, body);
    expect(res.status).toBe(200);
    return res.body as { id: string; city: string | null; parentId: string | null; code: string | null };
  };
  const read = async (token: string, id: string) => (await call(token, 'GET', `${ENDPOINT}/${id}`)).body as { id: string; city: string | null; parentId: string | null; code: string | null; concurrencyStamp: string };

  beforeAll(async () => {
    server = await startServer(databaseUrl);
    const policies = policyCatalogue(server.engine.schemas);
    const a = await createTenantUser(server.database.db, { tenant: 'Bulk Tenant A', userName: 'bulk-a', role: 'admin', policies });
    const b = await createTenantUser(server.database.db, { tenant: 'Bulk Tenant B', userName: 'bulk-b', role: 'admin', policies });
    const reader = await createTenantUser(server.database.db, { tenantId: a.tenantId, userName: 'bulk-reader', role: 'reader', policies: policies.filter((p) => p === 'Vigil.Organizations') });
    [tokenA, tokenB, readerA] = (await Promise.all([a, b, reader].map((u) => tokensFor(server.url, u.userName, u.password).then((t) => t.access_token)))) as [string, string, string];
    dp = providerFor(() => tokenA);
  }, 120_000);
  afterAll(async () => server?.stop());

  it('updateMany writes every record in one request and audits each', async () => {
    const orgs = await Promise.all(['North', 'South', 'East'].map((name) => create(tokenA, { name })));
    const ids = orgs.map((o) => o.id);
    const stamps = await Promise.all(ids.map(async (id) => (await read(tokenA, id)).concurrencyStamp));
    await expect(dp.updateMany('organizations', { ids, data: { city: 'Aarhus' } })).resolves.toEqual({ data: ids });
    for (const [i, id] of ids.entries()) {
      const now = await read(tokenA, id);
      expect(now.city).toBe('Aarhus');
      expect(now.concurrencyStamp).not.toBe(stamps[i]);
    }
    // One audit entry for the request, with one entity change per record.
    const logs = await server.database.db.selectFrom('audit_logs').select('entity_changes').execute();
    const entry = logs.find((l) => ids.every((id) => l.entity_changes.some((c) => c.entityId === id && c.changeType === 1)));
    expect(entry?.entity_changes.filter((c) => ids.includes(c.entityId)).map((c) => c.propertyChanges.map((p) => [p.propertyName, p.newValue]))).toEqual(ids.map(() => [['city', 'Aarhus']]));
  });

  it("refuses the whole update when one record is another tenant's: 404, nothing changed", async () => {
    const mine = await create(tokenA, { name: 'Mine', city: 'Odense' });
    const theirs = await create(tokenB, { name: 'Theirs', city: 'Oslo' });
    const res = await call(tokenA, 'PUT', `${ENDPOINT}/bulk`, { ids: [mine.id, theirs.id], data: { city: 'Taken' } });
    expect(res.status).toBe(404);
    expect(res.body.error?.message).toBe('1 of the selected records was not found: it may have been deleted. Nothing was changed.');
    expect((await read(tokenA, mine.id)).city).toBe('Odense');
    expect((await read(tokenB, theirs.id)).city).toBe('Oslo');
  });

  it("refuses the whole update when a module's rule refuses one record, and names it", async () => {
    const parent = await create(tokenA, { name: 'Parent' });
    const child = await create(tokenA, { name: 'Child', parentId: parent.id });
    const other = await create(tokenA, { name: 'Other' });
    // `other` may move under `child`; `child` may not become its own parent.
    const res = await call(tokenA, 'PUT', `${ENDPOINT}/bulk`, { ids: [other.id, child.id], data: { parentId: child.id } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect((res.body.error as { data?: { id?: string } } | undefined)?.data?.id).toBe(child.id);
    expect((res.body.error as { details?: string } | undefined)?.details).toBe(`Nothing was changed: the record ${child.id} cannot take this change.`);
    expect((await read(tokenA, other.id)).parentId).toBeNull();
    expect((await read(tokenA, child.id)).parentId).toBe(parent.id);
  });

  it('refuses one unique value for several records: nothing changed', async () => {
    const [one, two] = await Promise.all([create(tokenA, { name: 'One', code: 'U-1' }), create(tokenA, { name: 'Two', code: 'U-2' })]);
    const res = await call(tokenA, 'PUT', `${ENDPOINT}/bulk`, { ids: [one.id, two.id], data: { code: 'SAME' } });
    expect([400, 409]).toContain(res.status);
    expect((await read(tokenA, one.id)).code).toBe('U-1');
    expect((await read(tokenA, two.id)).code).toBe('U-2');
  });

  it('answers bad bulk bodies with field errors in the caller\'s language', async () => {
    const org = await create(tokenA, { name: 'Valid' });
    const phone = await call(tokenA, 'PUT', `${ENDPOINT}/bulk`, { ids: [org.id], data: { phone: 'call me' } }, { lang: 'da' });
    expect(phone.status).toBe(400);
    expect(phone.body.error?.validationErrors?.map((v) => v.members)).toEqual([['phone']]);
    expect(phone.body.error?.message).not.toMatch(/valid/i);
    const unknown = await call(tokenA, 'PUT', `${ENDPOINT}/bulk`, { ids: [org.id], data: { tenantId: 'x', secret: 1 } });
    expect(unknown.status).toBe(400);
    const tooMany = await call(tokenA, 'PUT', `${ENDPOINT}/bulk`, { ids: Array.from({ length: 1001 }, () => crypto.randomUUID()), data: { city: 'X' } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error?.validationErrors?.[0]?.members).toEqual(['ids']);
    const none = await call(tokenA, 'POST', `${ENDPOINT}/bulk-delete`, { ids: [] });
    expect(none.status).toBe(400);
    const notIds = await call(tokenA, 'POST', `${ENDPOINT}/bulk-delete`, { ids: ['1; drop table organizations'] });
    expect(notIds.status).toBe(400);
    expect((await read(tokenA, org.id)).id).toBe(org.id);
  });

  it('needs the Update and Delete policies', async () => {
    const org = await create(tokenA, { name: 'Guarded' });
    expect((await call(readerA, 'PUT', `${ENDPOINT}/bulk`, { ids: [org.id], data: { city: 'X' } })).status).toBe(403);
    expect((await call(readerA, 'POST', `${ENDPOINT}/bulk-delete`, { ids: [org.id] })).status).toBe(403);
    expect((await read(tokenA, org.id)).city).toBeNull();
  });

  it('deleteMany deletes all or nothing', async () => {
    const [a, b, c] = await Promise.all(['Del A', 'Del B', 'Del C'].map((name) => create(tokenA, { name })));
    const theirs = await create(tokenB, { name: 'Not yours' });
    expect((await call(tokenA, 'POST', `${ENDPOINT}/bulk-delete`, { ids: [c!.id, theirs.id] })).status).toBe(404);
    expect((await call(tokenA, 'GET', `${ENDPOINT}/${c!.id}`)).status).toBe(200);
    expect((await call(tokenB, 'GET', `${ENDPOINT}/${theirs.id}`)).status).toBe(200);
    await expect(dp.deleteMany('organizations', { ids: [a!.id, b!.id] })).resolves.toEqual({ data: [a!.id, b!.id] });
    expect((await call(tokenA, 'GET', `${ENDPOINT}/${a!.id}`)).status).toBe(404);
    expect((await call(tokenA, 'GET', `${ENDPOINT}/${b!.id}`)).status).toBe(404);
  });

  it('getMany of 1,200 ids is answered in full, where one URL with them all is refused', async () => {
    const real = await Promise.all(['Far 1', 'Far 2'].map((name) => create(tokenA, { name })));
    const ids = [...Array.from({ length: 1198 }, () => crypto.randomUUID()), ...real.map((o) => o.id)];
    const oneUrl = new URLSearchParams([...ids.map((id) => ['id', id]), ['MaxResultCount', '1000']]).toString();
    const whole = await fetch(`${server.url}${ENDPOINT}?${oneUrl}`, { headers: { authorization: `Bearer ${tokenA}` } });
    expect(whole.status).toBe(431);
    const { data } = await dp.getMany('organizations', { ids });
    expect(data.map((r) => r.id).sort()).toEqual(real.map((o) => o.id).sort());
  });
});
