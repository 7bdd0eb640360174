import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TENANT } from '../../server/seed/demo';
import { createTenantUser } from '../support/fixtures';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';

/**
 * Issue 17 (ABP part): Vigil's answers checked against facts read from ABP's own source. Each
 * fixture in tests/fixtures/abp names the file (and commit) of abpframework/abp it was read from;
 * every shape's fields must be in the live answer, anonymous and signed in.
 */
interface Shape {
  source: string;
  fields: string[];
  alsoFromReference?: string[];
  missingInVigil?: { fields: string[]; why: string };
}
interface Fixture {
  shapes: Record<string, Shape>;
  [key: string]: unknown;
}
type Json = Record<string, unknown>;

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'abp');
const fixture = <T = Fixture>(name: string): T => JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as T;
const shape = (name: string, dto: string): Shape => fixture(name).shapes[dto]!;
const appConfig = (dto: string) => shape('application-configuration', dto);

/** Every field the shape lists (and the reference adds) is a key of `value`; named in the failure. */
function expectShape(value: unknown, s: Shape, where: string): void {
  expect(value, `${where}: ${s.source}`).toBeTypeOf('object');
  const keys = Object.keys(value as Json);
  for (const field of [...s.fields.filter((f) => !s.missingInVigil?.fields.includes(f)), ...(s.alsoFromReference ?? [])]) {
    expect(keys, `${where} lacks ${field} (${s.source})`).toContain(field);
  }
}

const errors = fixture<Fixture & { codes: Record<string, { code: string; status?: { anonymous: number; signedIn: number } }>; header: { name: string; value: string } }>('error');

describe.each(DATABASES)('ABP contract ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  let staff: string;
  let admin: string;
  let other: string;
  let otherTenantId: string;
  let demoTenantId: string;

  const call = async (method: string, url: string, opts: { token?: string; headers?: Record<string, string>; body?: unknown } = {}) => {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...opts.headers,
      },
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : {}) as Json };
  };
  const get = (url: string, token?: string, headers?: Record<string, string>) => call('GET', url, { ...(token ? { token } : {}), ...(headers ? { headers } : {}) });

  beforeAll(async () => {
    server = await startServer(databaseUrl);
    [staff, admin] = (await Promise.all(['staff', 'admin'].map(async (u) => (await tokensFor(server.url, u, DEMO_PASSWORD)).access_token))) as [string, string];
    const created = await createTenantUser(server.database.db, { tenant: 'Contract Other Care', userName: 'contract-other', role: 'contract-other-role', policies: [] });
    otherTenantId = created.tenantId!;
    other = (await tokensFor(server.url, created.userName, created.password)).access_token!;
    demoTenantId = (await server.database.db.selectFrom('tenants').select('id').where('name', '=', DEMO_TENANT).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => server?.stop());

  describe('application-configuration (ApplicationConfigurationDto)', () => {
    for (const who of ['anonymous', 'signed in'] as const) {
      it(`has every field of ABP's DTOs, ${who}`, async () => {
        const res = await get('/api/abp/application-configuration', who === 'anonymous' ? undefined : staff);
        expect(res.status).toBe(200);
        const body = res.body as Record<string, Json>;
        expectShape(body, appConfig('ApplicationConfigurationDto'), 'application-configuration');
        expectShape(body.localization, appConfig('ApplicationLocalizationConfigurationDto'), 'localization');
        const culture = body.localization!.currentCulture as Json;
        expectShape(culture, appConfig('CurrentCultureDto'), 'localization.currentCulture');
        expectShape(culture.dateTimeFormat, appConfig('DateTimeFormatDto'), 'localization.currentCulture.dateTimeFormat');
        expectShape(body.auth, appConfig('ApplicationAuthConfigurationDto'), 'auth');
        expectShape(body.currentUser, appConfig('CurrentUserDto'), 'currentUser');
        expectShape(body.currentTenant, appConfig('CurrentTenantDto'), 'currentTenant');
        expectShape(body.multiTenancy, appConfig('MultiTenancyInfoDto'), 'multiTenancy');
        for (const resource of Object.values(body.localization!.resources as Record<string, Json>)) {
          expectShape(resource, appConfig('ApplicationLocalizationResourceDto'), 'localization.resources[]');
        }
        expect(Object.keys(body.localization!.resources as Json)).toContain(body.localization!.defaultResourceName);
      });
    }

    it('fills the culture facts, auth.policies and the anonymous user as ABP does', async () => {
      const anonymous = (await get('/api/abp/application-configuration')).body as Record<string, Json>;
      const culture = anonymous.localization!.currentCulture as Json;
      // DateTimeFormatDto.cs: CalendarAlgorithmType is Calendar.AlgorithmType.ToString() (Gregorian: SolarCalendar).
      expect(culture.dateTimeFormat).toMatchObject({ calendarAlgorithmType: 'SolarCalendar', dateTimeFormatLong: expect.any(String) });
      expect(culture.threeLetterIsoLanguageName).toBe('eng');
      const da = (await get('/api/abp/application-configuration', undefined, { 'accept-language': 'da-DK' })).body as Record<string, Json>;
      expect((da.localization!.currentCulture as Json).threeLetterIsoLanguageName).toBe('dan');
      // CurrentUserDto.cs: every field, unset for the anonymous.
      expect(anonymous.currentUser).toEqual({
        isAuthenticated: false, id: null, tenantId: null, impersonatorUserId: null, impersonatorTenantId: null, userName: null, name: null,
        surName: null, email: null, emailVerified: false, phoneNumber: null, phoneNumberVerified: false, roles: [],
      });
      // ApplicationAuthConfigurationDto.cs / GetAuthConfigAsync: policies lists every policy, granted or not.
      const signedIn = (await get('/api/abp/application-configuration', staff)).body as Record<string, Record<string, Record<string, boolean>>>;
      const policies = signedIn.auth!.policies!;
      expect(Object.keys(policies).length).toBeGreaterThan(Object.keys(signedIn.auth!.grantedPolicies!).length);
      expect(Object.values(policies).every((v) => v === true)).toBe(true);
      for (const granted of Object.keys(signedIn.auth!.grantedPolicies!)) expect(policies[granted], granted).toBe(true);
      expect((anonymous.auth as Json).policies).toEqual(policies);
    });
  });

  describe('application-localization (ApplicationLocalizationDto)', () => {
    const loc = fixture<Fixture & { route: { url: string }; angularClient: { params: string[] } }>('application-localization');

    for (const who of ['anonymous', 'signed in'] as const) {
      it(`answers a stock ABP Angular client's start-up calls, ${who}`, async () => {
        const token = who === 'anonymous' ? undefined : staff;
        // 1. ConfigStateService: application-configuration without the resources.
        const config = await get('/api/abp/application-configuration?includeLocalizationResources=false', token, { 'accept-language': 'de-DE' });
        expect(config.status).toBe(200);
        const localization = config.body.localization as Json;
        expect(localization.values).toEqual({});
        const cultureName = (localization.currentCulture as Json).cultureName as string;
        expect(cultureName).toBe('de-DE');
        // 2. AbpApplicationLocalizationService.get({cultureName, onlyDynamics}) with the proxy's params.
        const [nameParam, dynamicsParam] = loc.angularClient.params;
        const res = await get(`${loc.route.url}?${nameParam}=${encodeURIComponent(cultureName)}&${dynamicsParam}=false`, token);
        expect(res.status).toBe(200);
        expectShape(res.body, loc.shapes.ApplicationLocalizationDto!, 'application-localization');
        const resources = res.body.resources as Record<string, Json>;
        for (const resource of Object.values(resources)) expectShape(resource, loc.shapes.ApplicationLocalizationResourceDto!, 'resources[]');
        const vigil = resources[localization.defaultResourceName as string]!;
        expect(Object.keys(vigil.texts as Json).length).toBeGreaterThan(50);
        // The merged state has the German texts the full configuration would have had.
        const full = (await get('/api/abp/application-configuration', token, { 'accept-language': 'de-DE' })).body.localization as Json;
        expect(vigil.texts).toEqual((full.values as Record<string, Json>)[localization.defaultResourceName as string]);
        expect((full.resources as Record<string, Json>)[localization.defaultResourceName as string]).toEqual(vigil);
      });
    }

    it('requires a valid culture name (ApplicationLocalizationRequestDto: [Required] CultureName) and answers in ABP\'s error shape', async () => {
      const missing = await get(loc.route.url);
      expect(missing.status).toBe(400);
      expectShape(missing.body.error, errors.shapes.RemoteServiceErrorInfo!, 'error');
      expect((missing.body.error as { validationErrors: { members: string[] }[] }).validationErrors[0]!.members).toEqual(['cultureName']);
      expect((await get(`${loc.route.url}?cultureName=${encodeURIComponent('<script>')}`)).status).toBe(400);
      // PascalCase, as ABP's model binding accepts; an unknown culture falls back to the default texts.
      const pascal = await get(`${loc.route.url}?CultureName=fr&OnlyDynamics=false`);
      expect(pascal.status).toBe(200);
      const english = await get(`${loc.route.url}?cultureName=en`);
      expect(pascal.body).toEqual(english.body);
    });

    it('with onlyDynamics sends only the texts changed from the shipped ones', async () => {
      const texts = '/api/language-management/language-texts';
      const before = await get(`${loc.route.url}?cultureName=da-DK&onlyDynamics=true`);
      expect(before.status).toBe(200);
      expect((before.body.resources as Record<string, Json>).Vigil!.texts).toEqual({});
      expect((await call('PUT', `${texts}/translation/da-DK/menu.tenants`, { token: admin, body: { value: 'Kontrakt-organisationer' } })).status).toBe(200);
      try {
        const after = await get(`${loc.route.url}?cultureName=da-DK&onlyDynamics=true`);
        expect((after.body.resources as Record<string, Json>).Vigil!.texts).toEqual({ 'menu.tenants': 'Kontrakt-organisationer' });
        const all = await get(`${loc.route.url}?cultureName=da-DK&onlyDynamics=false`);
        expect(((all.body.resources as Record<string, Json>).Vigil!.texts as Json)['menu.tenants']).toBe('Kontrakt-organisationer');
      } finally {
        await call('PUT', `${texts}/translation/da-DK/menu.tenants/restore`, { token: admin });
      }
    });
  });

  describe('errors (RemoteServiceErrorInfo, ABP codes)', () => {
    it("answers a denied policy with AbpAuthorizationErrorCodes.GivenPolicyHasNotGranted: 401 anonymous, 403 signed in", async () => {
      const { code, status } = errors.codes.policyNotGranted!;
      const anonymous = await get('/api/identity/users');
      expect(anonymous.status).toBe(status!.anonymous);
      expect(anonymous.headers.get(errors.header.name)).toBe(errors.header.value);
      expectShape(anonymous.body, errors.shapes.RemoteServiceErrorResponse!, 'error answer');
      expectShape(anonymous.body.error, errors.shapes.RemoteServiceErrorInfo!, 'error');
      expect((anonymous.body.error as Json).code).toBe(code);
      const refused = await get('/api/identity/users', other);
      expect(refused.status).toBe(status!.signedIn);
      expect((refused.body.error as Json).code).toBe(code);
    });

    it("answers a tenant not found with ABP's TenantConfigurationProvider code", async () => {
      const res = await get('/api/abp/application-configuration?__tenant=No%20Such%20Care');
      expect(res.status).toBe(404);
      expect((res.body.error as Json).code).toBe(errors.codes.tenantNotFound!.code);
    });

    it("keeps Vigil's own code where ABP has none (validation)", async () => {
      const res = await get('/api/identity/users?MaxResultCount=5000', admin);
      expect(res.status).toBe(400);
      const error = res.body.error as Json;
      expectShape(error, errors.shapes.RemoteServiceErrorInfo!, 'error');
      for (const v of error.validationErrors as Json[]) expectShape(v, errors.shapes.RemoteServiceValidationErrorInfo!, 'validationErrors[]');
      expect(error.code).toBe('Vigil:Validation');
    });
  });

  describe('tenant resolution (CurrentUserTenantResolveContributor, QueryStringTenantResolveContributor)', () => {
    const facts = fixture<{ facts: { cookie: { name: string; path: string; httpOnly: boolean; years: number }; queryString: { tenantKey: string } } }>('tenant-resolution').facts;

    it("lets a signed-in user name their own tenant in __tenant, by id or by name, and refuses another tenant's", async () => {
      const key = facts.queryString.tenantKey;
      for (const own of [DEMO_TENANT, DEMO_TENANT.toLowerCase(), demoTenantId]) {
        const res = await get('/api/abp/application-configuration', staff, { [key]: own });
        expect(res.status, own).toBe(200);
        expect((res.body.currentTenant as Json).id).toBe(demoTenantId);
        expect((await get(`/api/abp/application-configuration?${key}=${encodeURIComponent(own)}`, staff)).status, own).toBe(200);
      }
      for (const foreign of ['Contract Other Care', otherTenantId]) {
        const res = await get('/api/abp/application-configuration', staff, { [key]: foreign });
        expect(res.status, foreign).toBe(403);
      }
      expect((await get('/api/abp/application-configuration', other, { [key]: DEMO_TENANT })).status).toBe(403);
    });

    it('sets the __tenant cookie when the query string chose the tenant, as ABP\'s MultiTenancyMiddleware does', async () => {
      const { name, path: cookiePath, httpOnly, years } = facts.cookie;
      const res = await get(`/api/abp/application-configuration?${facts.queryString.tenantKey}=${encodeURIComponent(DEMO_TENANT)}`);
      expect(res.status).toBe(200);
      expect((res.body.currentTenant as Json).name).toBe(DEMO_TENANT);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
      expect(cookie).toBeDefined();
      expect(cookie).toContain(`${name}=${demoTenantId}`);
      expect(cookie).toContain(`Path=${cookiePath}`);
      expect(/httponly/i.test(cookie!)).toBe(httpOnly);
      const maxAge = Number(/Max-Age=(\d+)/.exec(cookie!)![1]);
      expect(maxAge).toBeGreaterThanOrEqual(years * 365 * 24 * 3600);
      // The cookie then chooses the tenant by itself; a header does not set it, nor does a signed-in user's token.
      const again = await get('/api/abp/application-configuration', undefined, { cookie: `${name}=${demoTenantId}` });
      expect((again.body.currentTenant as Json).id).toBe(demoTenantId);
      expect(again.headers.getSetCookie().some((c) => c.startsWith(`${name}=`))).toBe(false);
      const header = await get('/api/abp/application-configuration', undefined, { [facts.queryString.tenantKey]: DEMO_TENANT });
      expect(header.headers.getSetCookie().some((c) => c.startsWith(`${name}=`))).toBe(false);
      const user = await get(`/api/abp/application-configuration?${facts.queryString.tenantKey}=${encodeURIComponent(DEMO_TENANT)}`, staff);
      expect(user.headers.getSetCookie().some((c) => c.startsWith(`${name}=`))).toBe(false);
    });
  });

  describe('module DTOs', () => {
    it('lists identity users as a PagedResultDto of IdentityUserDto (full-audited, extensible)', async () => {
      const res = await get('/api/identity/users?MaxResultCount=5', admin);
      expect(res.status).toBe(200);
      expectShape(res.body, shape('paged-result', 'PagedResultDto'), 'users page');
      const user = (res.body.items as Json[])[0];
      for (const dto of ['IdentityUserDto', 'FullAuditedEntityDto', 'AuditedEntityDto', 'ExtensibleObject']) expectShape(user, shape('identity-user', dto), `user (${dto})`);
      expect(user).toMatchObject({ isDeleted: false, deleterId: null, deletionTime: null });
      const one = await get(`/api/identity/users/${(user as Json).id as string}`, admin);
      for (const dto of ['IdentityUserDto', 'FullAuditedEntityDto', 'AuditedEntityDto', 'ExtensibleObject']) expectShape(one.body, shape('identity-user', dto), `user by id (${dto})`);
    });

    it('lists tenants as a PagedResultDto of TenantDto', async () => {
      const res = await get('/api/saas/tenants', admin);
      expect(res.status).toBe(200);
      expectShape(res.body, shape('paged-result', 'PagedResultDto'), 'tenants page');
      expectShape((res.body.items as Json[])[0], shape('tenant', 'TenantDto'), 'tenant');
    });

    it('finds a tenant as FindTenantResultDto, by name and by id, anonymous', async () => {
      const s = shape('find-tenant', 'FindTenantResultDto');
      for (const url of [`/api/abp/multi-tenancy/tenants/by-name/${encodeURIComponent(DEMO_TENANT)}`, `/api/abp/multi-tenancy/tenants/by-id/${demoTenantId}`]) {
        const res = await get(url);
        expect(res.status, url).toBe(200);
        expectShape(res.body, s, url);
        expect(res.body).toMatchObject({ success: true, tenantId: demoTenantId, name: DEMO_TENANT, isActive: true });
        // Known gap (named in the fixture): when Vigil sends it, move it from missingInVigil to fields.
        for (const field of s.missingInVigil?.fields ?? []) expect(Object.keys(res.body), field).not.toContain(field);
      }
    });

    it('lists a role\'s permissions as GetPermissionListResultDto', async () => {
      const res = await get('/api/permission-management/permissions?providerName=R&providerKey=admin', admin);
      expect(res.status).toBe(200);
      expectShape(res.body, shape('permission-list', 'GetPermissionListResultDto'), 'permission list');
      const group = (res.body.groups as Json[])[0]!;
      expectShape(group, shape('permission-list', 'PermissionGroupDto'), 'groups[]');
      const permissions = (res.body.groups as { permissions: Json[] }[]).flatMap((g) => g.permissions);
      for (const permission of permissions) expectShape(permission, shape('permission-list', 'PermissionGrantInfoDto'), 'permissions[]');
      const granted = permissions.flatMap((p) => p.grantedProviders as Json[]);
      expect(granted.length).toBeGreaterThan(0);
      for (const provider of granted) expectShape(provider, shape('permission-list', 'ProviderInfoDto'), 'grantedProviders[]');
    });
  });
});
