import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyCatalogue } from '../../server/permissions/catalogue';
import { fieldLabel, type DynamicDb } from '../../server/schema-engine/resource-model';
import { wouldCycle } from '../../server/resource-extensions/organizations/cycle';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { createTenantUser } from '../support/fixtures';
import { caller } from '../support/api-calls';
import { translate } from '../../server/localization/texts';

/** Organization children, lookups and the parent cycle check: server/resource-extensions/organizations. */
describe.each(DATABASES)('organization module ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  let tenantA: string;
  let tenantB: string;
  let tenantAId: string | null;
  const ids: Record<string, string> = {};
  const call = caller(() => server);

  beforeAll(async () => {
    server = await startServer(databaseUrl);
    const policies = policyCatalogue(server.engine.schemas);
    const a = await createTenantUser(server.database.db, { tenant: 'Org Tenant A', userName: 'org-a', role: 'admin', policies });
    const b = await createTenantUser(server.database.db, { tenant: 'Org Tenant B', userName: 'org-b', role: 'admin', policies });
    tenantAId = a.tenantId;
    [tenantA, tenantB] = (await Promise.all([a, b].map((u) => tokensFor(server.url, u.userName, u.password).then((t) => t.access_token)))) as [string, string];
    // root -> (west -> west-1), east
    for (const [name, parent] of [['Root', null], ['West', 'Root'], ['East', 'Root'], ['West One', 'West']] as const) {
      const res = await call(tenantA, 'POST', '/api/app/organizations-overviews', { name, code: name.replace(' ', '-'), parentId: parent ? ids[parent] : null });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids[name] = String(res.body.id);
    }
  });
  afterAll(async () => server?.stop());

  it('lists the direct children of an organization, by name, with their own child counts', async () => {
    const res = await call(tenantA, 'GET', `/api/app/organizations-overviews/${ids.Root}/children`);
    expect(res.status).toBe(200);
    const items = res.body.items as { name: string; childCount: number }[];
    expect(items.map((i) => [i.name, i.childCount])).toEqual([['East', 0], ['West', 1]]);
    expect(((await call(tenantA, 'GET', `/api/app/organizations-overviews/${ids['West One']}/children`)).body.items as unknown[]).length).toBe(0);
    expect((await call(tenantB, 'GET', `/api/app/organizations-overviews/${ids.Root}/children`)).status).toBe(404);
  });

  it('answers lookups as id and name with Filter and paging', async () => {
    const res = await call(tenantA, 'GET', '/api/app/organizations-overviews/lookups?Filter=west&MaxResultCount=1000');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ totalCount: 2, items: [{ id: ids.West, name: 'West' }, { id: ids['West One'], name: 'West One' }] });
    const page = await call(tenantA, 'GET', '/api/app/organizations-overviews/lookups?MaxResultCount=1&SkipCount=1');
    expect(page.body).toEqual({ totalCount: 4, items: [{ id: ids.Root, name: 'Root' }] });
    expect((await call(tenantA, 'GET', '/api/app/organizations-overviews/lookups?MaxResultCount=1001')).status).toBe(400);
    expect((await call(tenantB, 'GET', '/api/app/organizations-overviews/lookups')).body.totalCount).toBe(0);
  });

  it("checks the lookups' query by its schema: ABP's 400 in the caller's language, a field's filter taking several values", async () => {
    const lookups = (query: string) => call(tenantA, 'GET', `/api/app/organizations-overviews/lookups?${query}`, undefined, { lang: 'nb-NO' });
    const refusal = (member: string, message: string) => ({
      status: 400,
      body: { error: { code: 'Vigil:Validation', message: translate('errors.validation', 'nb'), details: null, data: {}, validationErrors: [{ members: [member], message }] } },
    });
    expect(await lookups('MaxResultCount=1001')).toMatchObject(refusal('maxResultCount', translate('validation:maxValue', 'nb', { count: 1000 })));
    expect(await lookups('skipCount=-1')).toMatchObject(refusal('skipCount', translate('validation:minValue', 'nb', { count: 0 })));
    expect(await lookups('Sorting=name%3B%20drop%20table')).toMatchObject(refusal('sorting', translate('validation:invalid', 'nb', { field: 'Sorting' })));
    // A field's filter is named by the field's label, as a record's check names it.
    const parentLabel = fieldLabel(server.engine.models.get('organizations')!.schema, 'parentId', 'nb');
    expect(parentLabel).not.toBe('parentId');
    expect(await lookups('parentId_isNull=maybe')).toMatchObject(refusal('parentId_isNull', translate('validation:invalid', 'nb', { field: parentLabel })));
    expect(await lookups('parentId=not-an-id')).toMatchObject(refusal('parentId', translate('validation:invalid', 'nb', { field: parentLabel })));
    const several = await lookups(`parentId=${ids.Root}&parentId=${ids.West}&Sorting=name`);
    expect(several.body).toEqual({ totalCount: 3, items: [{ id: ids.East, name: 'East' }, { id: ids.West, name: 'West' }, { id: ids['West One'], name: 'West One' }] });
    expect((await lookups('parentId_isNull=True')).body).toEqual({ totalCount: 1, items: [{ id: ids.Root, name: 'Root' }] });
  });

  it('tells a parent that would make a cycle (for the engine hook)', async () => {
    const db = server.database.db as unknown as DynamicDb;
    const model = server.engine.models.get('organizations')!;
    expect(await wouldCycle(db, model, tenantAId, ids.Root!, ids['West One'])).toBe(true);
    expect(await wouldCycle(db, model, tenantAId, ids.West!, ids.West)).toBe(true);
    expect(await wouldCycle(db, model, tenantAId, ids.East!, ids['West One'])).toBe(false);
    expect(await wouldCycle(db, model, tenantAId, ids.Root!, null)).toBe(false);
  });

  it('refuses, through the API, a parent that would make an organization its own ancestor', async () => {
    const root = await call(tenantA, 'GET', `/api/app/organizations-overviews/${ids.Root}`);
    const res = await call(tenantA, 'PUT', `/api/app/organizations-overviews/${ids.Root}`, { ...root.body, parentId: ids['West One'] });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ validationErrors: [{ members: ['parentId'] }] });
    // Nothing changed, and a valid move still works.
    expect((await call(tenantA, 'GET', `/api/app/organizations-overviews/${ids.Root}`)).body.concurrencyStamp).toBe(root.body.concurrencyStamp);
    const east = await call(tenantA, 'GET', `/api/app/organizations-overviews/${ids.East}`);
    expect((await call(tenantA, 'PUT', `/api/app/organizations-overviews/${ids.East}`, { ...east.body, parentId: ids.West })).status).toBe(200);
  });

  it('serves the tree level by level (top level, child, grandchild) to its tenant only, and to callers with the policy', async () => {
    const top = await call(tenantA, 'GET', '/api/app/organizations-overviews?parentId_isNull=true&MaxResultCount=100');
    expect((top.body.items as { name: string }[]).map((o) => o.name)).toEqual(['Root']);
    const children = await call(tenantA, 'GET', `/api/app/organizations-overviews/${ids.Root}/children`);
    const west = (children.body.items as { id: string; name: string; childCount: number }[]).find((o) => o.name === 'West')!;
    expect(west.childCount).toBeGreaterThan(0);
    const grandchildren = await call(tenantA, 'GET', `/api/app/organizations-overviews/${west.id}/children`);
    expect((grandchildren.body.items as { name: string }[]).map((o) => o.name)).toContain('West One');

    expect((await call(tenantA, 'GET', '/api/app/organizations-overviews/not-an-id/children')).status).toBe(404);
    expect((await call(tenantB, 'GET', `/api/app/organizations-overviews/${west.id}/children`)).status).toBe(404);
    const none = await createTenantUser(server.database.db, { tenantId: tenantAId, userName: 'org-nobody', role: 'org-nobody-role', policies: [] });
    const nobody = (await tokensFor(server.url, none.userName, none.password)).access_token!;
    for (const path of [`${ids.Root}/children`, 'lookups']) {
      const res = await call(nobody, 'GET', `/api/app/organizations-overviews/${path}`);
      expect(res.status, path).toBe(403);
      expect(res.body.error?.code, path).toBe('Volo.Authorization:010001'); // ABP's AbpAuthorizationErrorCodes.GivenPolicyHasNotGranted
    }

    const doc = (await (await fetch(`${server.url}/swagger/json`)).json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    for (const path of ['/api/app/organizations-overviews/{id}/children', '/api/app/organizations-overviews/lookups']) {
      expect(Object.keys(doc.paths[path]!.get!.responses), path).toEqual(expect.arrayContaining(['200', '400', '403', '404']));
    }
  });
});
