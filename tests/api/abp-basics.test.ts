import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { decodeJwt, signWithForeignKey, signWithServerKey } from '../support/tokens';
import { DEMO_PASSWORD, DEMO_TENANT } from '../../server/seed/demo';
import { ALL_TENANTS } from '../../common/roles';

interface AbpErrorBody {
  error: { code: string | null; message: string; validationErrors: { message: string; members: string[] }[] | null };
}

describe.each(DATABASES)('ABP basics ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  let caregiver: string;
  let staff: string;
  let admin: string;
  const api = (path: string, token?: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });

  beforeAll(async () => {
    server = await startServer(databaseUrl);
    [caregiver, staff, admin] = await Promise.all(
      ['caregiver', 'staff', 'admin'].map(async (u) => (await tokensFor(server.url, u, DEMO_PASSWORD)).access_token),
    ) as [string, string, string];
  });
  afterAll(async () => server?.stop());

  it('is healthy only while the database answers', async () => {
    const res = await api('/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', database: 'ok', listening: true, pid: process.pid });
  });

  it('describes an anonymous caller in application-configuration', async () => {
    const res = await api('/api/abp/application-configuration');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, Record<string, unknown>>;
    expect(body.currentUser!.isAuthenticated).toBe(false);
    expect(body.auth!.grantedPolicies).toEqual({});
    expect((body.localization!.languages as { cultureName: string }[]).map((l) => l.cultureName)).toEqual(['en', 'da-DK', 'de-DE', 'sv', 'no']);
    expect(body.multiTenancy).toEqual({ isEnabled: true });
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['localization', 'auth', 'setting', 'currentUser', 'features', 'multiTenancy', 'currentTenant', 'timing', 'clock']));
  });

  it('describes a signed-in caregiver: roles, tenant, granted policies, features', async () => {
    const res = await api('/api/abp/application-configuration', caregiver);
    const body = (await res.json()) as {
      currentUser: { isAuthenticated: boolean; userName: string; roles: string[]; surName: string };
      currentTenant: { name: string; isAvailable: boolean };
      auth: { grantedPolicies: Record<string, boolean> };
      features: { values: Record<string, string> };
    };
    expect(body.currentUser).toMatchObject({ isAuthenticated: true, userName: 'caregiver', roles: ['Plug and Play User'], surName: 'Carer' });
    expect(body.currentTenant).toMatchObject({ name: DEMO_TENANT, isAvailable: true });
    expect(body.auth.grantedPolicies['Vigil.Dashboard']).toBe(true);
    expect(body.auth.grantedPolicies['Saas.Tenants']).toBeUndefined();
    expect(body.auth.grantedPolicies['AbpIdentity.SecurityLogs']).toBeUndefined();
    expect(body.features.values['Vigil.MaxDevicesPerAccount']).toBe('5');
  });

  it('answers in the language of Accept-Language', async () => {
    const da = (await (await api('/api/abp/application-configuration', undefined, { 'accept-language': 'da-DK,da;q=0.9,en;q=0.5' })).json()) as {
      localization: { currentCulture: { cultureName: string } };
    };
    expect(da.localization.currentCulture.cultureName).toBe('da-DK');
    const res = await api('/api/app/user-overviews/current', undefined, { 'accept-language': 'de-DE' });
    expect(((await res.json()) as AbpErrorBody).error.message).toBe('Dafür müssen Sie sich anmelden.');
    const injected = await api('/api/app/user-overviews/current', undefined, { 'accept-language': '<script>alert(1)</script>' });
    expect(((await injected.json()) as AbpErrorBody).error.message).toBe('You need to sign in to do this.');
  });

  it('returns the current user overview', async () => {
    const res = await api('/api/app/user-overviews/current', caregiver);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ userName: 'caregiver', email: 'caregiver@example.com', tenantName: DEMO_TENANT, roles: ['Plug and Play User'] });
  });

  it('answers 401 in the ABP shape to anonymous, forged, expired and foreign tokens', async () => {
    const issuer = `${server.url}/oidc`;
    const sub = decodeJwt(caregiver).sub;
    const forged = await signWithForeignKey({ sub, scope: 'Stella' }, { issuer, audience: 'vigil-api' });
    const expired = await signWithServerKey(server.database.db, { sub, scope: 'Stella' }, { issuer, audience: 'vigil-api', expiresAt: Math.floor(Date.now() / 1000) - 60 });
    const foreignAudience = await signWithServerKey(server.database.db, { sub }, { issuer, audience: 'another-api', expiresAt: Math.floor(Date.now() / 1000) + 600 });
    const foreignIssuer = await signWithServerKey(server.database.db, { sub }, { issuer: 'https://elsewhere.example/oidc', audience: 'vigil-api', expiresAt: Math.floor(Date.now() / 1000) + 600 });
    const tampered = caregiver.slice(0, -4) + (caregiver.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const token of [undefined, forged, expired, foreignAudience, foreignIssuer, tampered, 'not-a-jwt']) {
      const res = await api('/api/app/user-overviews/current', token);
      expect(res.status).toBe(401);
      expect(res.headers.get('_abperrorformat')).toBe('true');
      const body = (await res.json()) as AbpErrorBody;
      expect(body.error.message).toBeTruthy();
      expect(body.error).toHaveProperty('code');
    }
    // A broken token is refused even where anonymous callers are welcome.
    expect((await api('/api/abp/application-configuration', forged)).status).toBe(401);
  });

  it('answers 403 to a signed-in user without the policy, 200 with it', async () => {
    const denied = await api('/api/identity/security-logs', caregiver);
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as AbpErrorBody).error.message).toBe('You do not have permission to do this.');
    const allowed = await api('/api/identity/security-logs?MaxResultCount=5&Sorting=creationTime desc', staff);
    expect(allowed.status).toBe(200);
    const page = (await allowed.json()) as { totalCount: number; items: { action: string; userName: string; tenantId: string }[] };
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.length).toBeLessThanOrEqual(5);
    // Staff see their own tenant's sign-ins only.
    const tenantId = decodeJwt(staff).tenantid;
    expect(page.items.every((i) => i.tenantId === tenantId)).toBe(true);
  });

  it('validates paging and sorting with a 400 in the ABP shape', async () => {
    for (const query of ['MaxResultCount=1001', 'SkipCount=-1', 'maxResultCount=abc', 'Sorting=creationTime;drop table users', 'Sorting=password']) {
      const res = await api(`/api/identity/security-logs?${query}`, staff);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as AbpErrorBody;
      expect(body.error.validationErrors?.length, query).toBeGreaterThan(0);
    }
  });

  it('resolves the tenant from the token first; a tenant user naming another tenant gets 403', async () => {
    const res = await api('/api/abp/application-configuration', caregiver, { __tenant: ALL_TENANTS });
    expect(res.status).toBe(403);
    const same = await api('/api/abp/application-configuration', caregiver, { __tenant: decodeJwt(caregiver).tenantid as string });
    expect(same.status).toBe(200);
  });

  it('lets a host administrator pick a tenant with __tenant by name or id', async () => {
    const byName = (await (await api('/api/abp/application-configuration', admin, { __tenant: DEMO_TENANT })).json()) as { currentTenant: { id: string; name: string } };
    expect(byName.currentTenant.name).toBe(DEMO_TENANT);
    const byId = (await (await api(`/api/abp/application-configuration?__tenant=${byName.currentTenant.id}`, admin)).json()) as { currentTenant: { name: string } };
    expect(byId.currentTenant.name).toBe(DEMO_TENANT);
    const host = (await (await api('/api/abp/application-configuration', admin)).json()) as { currentTenant: { id: string | null } };
    expect(host.currentTenant.id).toBeNull();
    const unknown = await api('/api/abp/application-configuration', admin, { __tenant: 'No Such Care' });
    expect(unknown.status).toBe(404);
  });

  it('answers unknown API routes with a 404 in the ABP shape', async () => {
    const res = await api('/api/app/nothing-here', caregiver);
    expect(res.status).toBe(404);
    expect(res.headers.get('_abperrorformat')).toBe('true');
  });

  it('serves the runtime configuration and the translations', async () => {
    const config = (await (await api('/api/runtime-config')).json()) as { issuer: string; clientId: string; scopes: string };
    expect(config).toMatchObject({ issuer: `${server.url}/oidc`, clientId: 'vigil-web' });
    expect(config.scopes.split(' ')).toEqual(expect.arrayContaining(['offline_access', 'Stella', 'email']));
    const da = (await (await api('/locales/da-DK/account.json')).json()) as { signIn: { title: string } };
    expect(da.signIn.title).toBe('Log ind');
    expect(((await (await api('/locales/dev/account.json')).json()) as { signIn: { title: string } }).signIn.title).toBe('Sign in');
    expect((await api('/locales/..%2F..%2Fpackage/account.json')).status).toBe(404);
    expect((await api('/locales/en/..%2F..%2Fpackage.json')).status).toBe(404);
  });
});
