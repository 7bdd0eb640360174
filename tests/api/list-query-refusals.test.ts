import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { translate } from '../../server/localization/texts';
import { fieldLabel } from '../../server/schema-engine/resource-model';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { caller } from '../support/api-calls';

/**
 * The schema engine's generated list checks its query by its route schema (openapi-schemas.ts
 * checkedListQuery): bad paging, sorting and filter values are ABP's 400 in the caller's
 * language, one message per parameter, a field's filter named by the field's label.
 */
describe.each(DATABASES)('generated list query checked by its schema ($name)', ({ url }) => {
  let server: TestServer;
  let staff: string;
  const call = caller(() => server);
  const list = (path: string, query: string, lang = 'de-DE') => call(staff, 'GET', `${path}?${query}`, undefined, { lang });
  const label = (resource: string, field: string) => fieldLabel(server.engine.models.get(resource)!.schema, field, 'de');
  const refused = (...problems: [member: string, message: string][]) => ({
    status: 400,
    body: { error: { code: 'Vigil:Validation', message: translate('errors.validation', 'de'), validationErrors: problems.map(([member, message]) => ({ members: [member], message })) } },
  });
  const invalid = (field: string) => translate('validation:invalid', 'de', { field });
  const devices = '/api/app/productInstance';

  beforeAll(async () => {
    server = await startServer(url);
    staff = (await tokensFor(server.url, 'staff', DEMO_PASSWORD)).access_token;
  });
  afterAll(async () => server?.stop());

  it('refuses bad paging and sorting, naming the parameter', async () => {
    expect(await list(devices, 'MaxResultCount=-1')).toMatchObject(refused(['maxResultCount', translate('validation:minValue', 'de', { count: 1 })]));
    expect(await list(devices, 'maxResultCount=5000')).toMatchObject(refused(['maxResultCount', translate('validation:maxValue', 'de', { count: 1000 })]));
    expect(await list(devices, 'SkipCount=abc')).toMatchObject(refused(['skipCount', translate('validation:number', 'de')]));
    expect(await list(devices, 'SkipCount=-3')).toMatchObject(refused(['skipCount', translate('validation:minValue', 'de', { count: 0 })]));
    expect(await list(devices, 'SkipCount=99999999999')).toMatchObject(refused(['skipCount', translate('validation:maxValue', 'de', { count: 2147483647 })]));
    for (const sorting of ['nope', 'name sideways', 'name;drop table users', 'toString']) {
      expect(await list(devices, `Sorting=${encodeURIComponent(sorting)}`), sorting).toMatchObject(refused(['sorting', invalid('Sorting')]));
    }
  });

  it("refuses a filter value of the wrong type, named by the field's label", async () => {
    const battery = label('devices', 'batteryLevel');
    expect(battery).not.toBe('batteryLevel');
    expect(await list(devices, 'batteryLevel=lots')).toMatchObject(refused(['batteryLevel', translate('validation:number', 'de')]));
    expect(await list(devices, 'batteryLevel_gte=1.5')).toMatchObject(refused(['batteryLevel_gte', translate('validation:number', 'de')]));
    // Beyond the column's integer: refused by the schema, not by the database.
    expect(await list(devices, 'batteryLevel=99999999999')).toMatchObject(refused(['batteryLevel', translate('validation:maxValue', 'de', { count: 2147483647 })]));
    expect(await list(devices, 'batteryLevel=Infinity')).toMatchObject(refused(['batteryLevel', translate('validation:maxValue', 'de', { count: 2147483647 })]));
    expect(await list(devices, 'lastContact_gte=yesterday')).toMatchObject(refused(['lastContact_gte', invalid(label('devices', 'lastContact'))]));
    expect(await list(devices, `citizenId=${'0'.repeat(36)}&citizenId=abc`)).toMatchObject(refused(['citizenId', invalid(label('devices', 'citizenId'))]));
    expect(await list(devices, 'citizenId_isNull=maybe')).toMatchObject(refused(['citizenId_isNull', invalid(label('devices', 'citizenId'))]));
    expect(await list('/api/app/guides', 'published=maybe')).toMatchObject(refused(['published', invalid(label('guides', 'published'))]));
    expect(await list('/api/app/invoice', 'issueDate_gte=2026-02-30')).toMatchObject(refused(['issueDate_gte', invalid(label('invoices', 'issueDate'))]));
    // Every bad parameter at once, each named.
    expect(await list(devices, 'MaxResultCount=0&SkipCount=x&Sorting=nope&batteryLevel_lte=y')).toMatchObject(
      refused(
        ['skipCount', translate('validation:number', 'de')],
        ['maxResultCount', translate('validation:minValue', 'de', { count: 1 })],
        ['sorting', invalid('Sorting')],
        ['batteryLevel_lte', translate('validation:number', 'de')],
      ),
    );
  });

  it('lists as before for good input: either case of names and words, several values, unknown parameters ignored', async () => {
    const all = (await list(devices, 'MaxResultCount=1000')).body as { totalCount: number; items: { id: string; name: string; citizenId: string | null; lastContact: string | null }[] };
    expect(all.totalCount).toBeGreaterThan(2);
    expect((await list(devices, 'noSuchParam=1&MaxResultCount=1000')).body).toEqual(all);
    const sorted = (await list(devices, 'sorting=Name%20DESC&maxResultCount=1000')).body as typeof all;
    expect(sorted.items.map((d) => d.name)).toEqual(all.items.map((d) => d.name).sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    const page = (await list(devices, 'Sorting=name&SkipCount=1&MaxResultCount=2')).body as typeof all;
    expect(page).toEqual({ totalCount: all.totalCount, items: sorted.items.slice().reverse().slice(1, 3) });
    const [a, b] = all.items;
    const some = (await list(devices, `Id=${a!.id}&Id=${b!.id}`)).body as typeof all;
    expect(some.items.map((d) => d.id).sort()).toEqual([a!.id, b!.id].sort());
    const withoutCitizen = all.items.filter((d) => d.citizenId === null).length;
    expect(((await list(devices, 'citizenId_isNull=True&MaxResultCount=1000')).body as typeof all).totalCount).toBe(withoutCitizen);
    const since = '2000-01-01';
    expect(((await list(devices, `lastContact_gte=${since}&MaxResultCount=1000`)).body as typeof all).totalCount).toBe(all.items.filter((d) => d.lastContact !== null).length);
    const guides = (await list('/api/app/guides', 'MaxResultCount=1000')).body as { totalCount: number };
    expect(((await list('/api/app/guides', 'published=True&published=FALSE')).body as typeof guides).totalCount).toBe(guides.totalCount);
    const named = all.items[0]!.name;
    expect(((await list(devices, `Filter=${encodeURIComponent(named)}&MaxResultCount=1000`)).body as typeof all).items.map((d) => d.name)).toContain(named);
  });
});
