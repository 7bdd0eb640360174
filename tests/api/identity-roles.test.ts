import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICIES } from '../../common/policies';
import { createTenantUser } from '../support/fixtures';
import { identityServer, members, type IdentityServer } from '../support/identity';
import { DATABASES } from '../support/server';

type Role = { id: string; name: string; isStatic: boolean; isDefault: boolean; isPublic: boolean; concurrencyStamp: string };

/** /api/identity/roles (CRUD, /all, claims) and /api/identity/claim-types. */
describe.each(DATABASES)('identity roles and claim types ($name)', ({ url: databaseUrl }) => {
  let env: IdentityServer;
  let otherTenantRoleId: string;
  let serial = 0;
  const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++serial}`;

  beforeAll(async () => {
    env = await identityServer(databaseUrl);
    await createTenantUser(env.db, { tenant: 'Roles Other Tenant', userName: 'roles-other', role: 'Other Role', policies: [POLICIES.roles] });
    otherTenantRoleId = (await env.db.selectFrom('roles').select('id').where('name', '=', 'Other Role').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => env?.server.stop());

  it('creates, lists, renames and deletes a tenant role; grants follow a rename', async () => {
    const name = unique('Night shift');
    const created = await env.call(env.staff, 'POST', '/api/identity/roles', { name, isDefault: false, isPublic: true });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const role = created.body as unknown as Role;
    expect(role).toMatchObject({ name, isStatic: false, isPublic: true, isDefault: false });

    const list = await env.call(env.staff, 'GET', `/api/identity/roles?Filter=${encodeURIComponent(name)}`);
    expect(list.body).toMatchObject({ totalCount: 1, items: [{ id: role.id, userCount: 0 }] });
    const all = await env.call(env.staff, 'GET', '/api/identity/roles/all');
    expect((all.body.items as Role[]).map((r) => r.name)).toEqual(expect.arrayContaining(['admin', 'Plug and Play User', name]));
    expect((all.body.items as Role[]).some((r) => r.id === otherTenantRoleId)).toBe(false);

    const put = await env.call(env.staff, 'PUT', `/api/permission-management/permissions?providerName=R&providerKey=${encodeURIComponent(name)}`, { permissions: [{ name: POLICIES.devices, isGranted: true }] });
    expect(put.status).toBe(204);
    const renamed = await env.call(env.staff, 'PUT', `/api/identity/roles/${role.id}`, { name: `${name} 2`, concurrencyStamp: role.concurrencyStamp });
    expect(renamed.status).toBe(200);
    const grants = await env.call(env.staff, 'GET', `/api/permission-management/permissions?providerName=R&providerKey=${encodeURIComponent(`${name} 2`)}`);
    const vigil = (grants.body.groups as { name: string; permissions: { name: string; isGranted: boolean }[] }[]).find((g) => g.name === 'Vigil')!;
    expect(vigil.permissions.find((p) => p.name === POLICIES.devices)!.isGranted).toBe(true);

    const stale = await env.call(env.staff, 'PUT', `/api/identity/roles/${role.id}`, { name: 'x', concurrencyStamp: role.concurrencyStamp });
    expect(stale.status).toBe(409);
    expect((await env.call(env.staff, 'DELETE', `/api/identity/roles/${role.id}`)).status).toBe(204);
    expect((await env.call(env.staff, 'GET', `/api/identity/roles/${role.id}`)).status).toBe(404);
    const left = await env.db.selectFrom('permission_grants').select('id').where('provider_key', '=', `${name} 2`).execute();
    expect(left).toEqual([]);
  });

  it('refuses bad input, duplicate names, and renaming or deleting static roles', async () => {
    const bad = await env.call(env.staff, 'POST', '/api/identity/roles', { name: '', extra: 1 });
    expect(bad.status).toBe(400);
    expect(members(bad.body).sort()).toEqual(['extra', 'name']);
    expect(bad.body.error!.validationErrors!.find((e) => e.members[0] === 'name')!.message).toBe('Must be at least 1 character');
    const missing = await env.call(env.staff, 'POST', '/api/identity/roles', {}, { lang: 'de-DE' });
    expect(missing.body.error!.validationErrors![0]!.message).toBe('Rollenname ist erforderlich');
    const dup = await env.call(env.staff, 'POST', '/api/identity/roles', { name: 'PLUG AND PLAY USER' });
    expect(dup.status).toBe(400);
    expect(members(dup.body)).toEqual(['name']);

    const roles = (await env.call(env.staff, 'GET', '/api/identity/roles/all')).body.items as Role[];
    const admin = roles.find((r) => r.name === 'admin')!;
    expect(admin.isStatic).toBe(true);
    expect((await env.call(env.staff, 'PUT', `/api/identity/roles/${admin.id}`, { name: 'boss' })).status).toBe(403);
    expect((await env.call(env.staff, 'DELETE', `/api/identity/roles/${admin.id}`)).status).toBe(403);
    // Flags of a static role may change.
    expect((await env.call(env.staff, 'PUT', `/api/identity/roles/${admin.id}`, { name: 'admin', isPublic: false })).status).toBe(200);
  });

  it('answers 404 for another tenant\'s role on every verb', async () => {
    for (const [method, path, body] of [
      ['GET', `/api/identity/roles/${otherTenantRoleId}`],
      ['PUT', `/api/identity/roles/${otherTenantRoleId}`, { name: 'Hijacked' }],
      ['DELETE', `/api/identity/roles/${otherTenantRoleId}`],
      ['GET', `/api/identity/roles/${otherTenantRoleId}/claims`],
      ['PUT', `/api/identity/roles/${otherTenantRoleId}/claims`, []],
      ['GET', '/api/identity/roles/not-a-uuid'],
    ] as const) {
      expect((await env.call(env.staff, method, path, body)).status, `${method} ${path}`).toBe(404);
    }
  });

  it('keeps claim types to the host, with typed values, regexes and static ones', async () => {
    expect((await env.call(env.staff, 'GET', '/api/identity/claim-types')).status).toBe(403);
    // Even a tenant role given the policy does not reach the host's claim types.
    const granted = await createTenantUser(env.db, { tenantId: env.sunriseId, userName: 'claims-tenant', role: 'Claims', policies: [POLICIES.claimTypes, `${POLICIES.claimTypes}.Create`] });
    const tenantToken = await env.sign(granted.userName, granted.password);
    expect((await env.call(tenantToken, 'GET', '/api/identity/claim-types')).status).toBe(403);
    expect((await env.call(tenantToken, 'POST', '/api/identity/claim-types', { name: 'sneaky' })).status).toBe(403);
    const name = unique('employee_number').replace(' ', '_');
    const created = await env.call(env.admin, 'POST', '/api/identity/claim-types', { name, valueType: 'Int', regex: '^[0-9]{4}$', regexDescription: 'Four digits', description: 'Staff number' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ name, valueType: 1, valueTypeAsString: 'Int', required: false, isStatic: false });
    const flag = await env.call(env.admin, 'POST', '/api/identity/claim-types', { name: `${name}_flag`, valueType: 2, isStatic: true });
    expect(flag.status).toBe(200);

    const bad = await env.call(env.admin, 'POST', '/api/identity/claim-types', { name, valueType: 'colour', regex: '([' });
    expect(bad.status).toBe(400);
    expect(members(bad.body).sort()).toEqual(['name', 'regex', 'valueType']);

    const list = await env.call(env.admin, 'GET', `/api/identity/claim-types?Filter=${name}&Sorting=name`);
    expect((list.body.items as { name: string }[]).map((c) => c.name)).toEqual([name, `${name}_flag`]);
    expect((await env.call(env.admin, 'PUT', `/api/identity/claim-types/${String(flag.body.id)}`, { name: 'renamed', valueType: 2 })).status).toBe(403);
    expect((await env.call(env.admin, 'DELETE', `/api/identity/claim-types/${String(flag.body.id)}`)).status).toBe(403);

    // Role claims: the tenant's editor sees the claim types, each value must fit its type.
    const types = await env.call(env.staff, 'GET', '/api/identity/roles/all-claim-types');
    expect((types.body as unknown as { name: string }[]).map((t) => t.name)).toContain(name);
    const role = ((await env.call(env.staff, 'GET', '/api/identity/roles/all')).body.items as Role[]).find((r) => r.name === 'Plug and Play User')!;
    const path = `/api/identity/roles/${role.id}/claims`;
    const wrong = await env.call(env.staff, 'PUT', path, [
      { claimType: name, claimValue: '12a4' },
      { claimType: `${name}_flag`, claimValue: 'perhaps' },
      { claimType: 'unknown_type', claimValue: 'x' },
      { claimType: name },
    ]);
    expect(wrong.status).toBe(400);
    expect(members(wrong.body)).toEqual(['[3].claimValue']);
    const wrongValues = await env.call(env.staff, 'PUT', path, [
      { claimType: name, claimValue: '12a4' },
      { claimType: `${name}_flag`, claimValue: 'perhaps' },
      { claimType: 'unknown_type', claimValue: 'x' },
    ]);
    expect(members(wrongValues.body)).toEqual(['[0].claimValue', '[1].claimValue', '[2].claimType']);
    expect(wrongValues.body.error!.validationErrors![0]!.message).toContain('Four digits');
    const ok = await env.call(env.staff, 'PUT', path, [{ claimType: name, claimValue: '1234', roleId: role.id }, { claimType: `${name}_flag`, claimValue: 'true' }]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(204);
    const claims = await env.call(env.staff, 'GET', path);
    expect((claims.body as unknown as { claimType: string; claimValue: string }[]).map((c) => `${c.claimType}=${c.claimValue}`)).toEqual([`${name}=1234`, `${name}_flag=true`]);

    // Renaming a claim type takes the role claims along; deleting it removes them.
    const id = String(created.body.id);
    const renamed = await env.call(env.admin, 'PUT', `/api/identity/claim-types/${id}`, { name: `${name}_x`, valueType: 1, regex: '^[0-9]{4}$', concurrencyStamp: created.body.concurrencyStamp });
    expect(renamed.status).toBe(200);
    expect(((await env.call(env.staff, 'GET', path)).body as unknown as { claimType: string }[]).map((c) => c.claimType)).toContain(`${name}_x`);
    expect((await env.call(env.admin, 'DELETE', `/api/identity/claim-types/${id}`)).status).toBe(204);
    expect(((await env.call(env.staff, 'GET', path)).body as unknown as { claimType: string }[]).map((c) => c.claimType)).toEqual([`${name}_flag`]);
  });
});
