import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICIES } from '../../common/policies';
import { ALL_TENANTS } from '../../common/roles';
import { createTenantUser } from '../support/fixtures';
import { identityServer, members, NEW_PASSWORD, type IdentityServer } from '../support/identity';
import { DATABASES } from '../support/server';

type Unit = { id: string; parentId: string | null; code: string; displayName: string; concurrencyStamp: string; roles: { roleId: string }[] };

/** /api/identity/organization-units: the tree, its codes, moves, roles and members. */
describe.each(DATABASES)('identity organization units ($name)', ({ url: databaseUrl }) => {
  let env: IdentityServer;
  let otherUnitId: string;
  let serial = 0;
  const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++serial}`;
  const createUnit = async (displayName: string, parentId: string | null = null, token = env.staff) => {
    const res = await env.call(token, 'POST', '/api/identity/organization-units', { displayName, parentId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as unknown as Unit;
  };

  beforeAll(async () => {
    env = await identityServer(databaseUrl);
    const other = await createTenantUser(env.db, { tenant: 'Units Other Tenant', userName: 'units-other', role: 'admin', policies: [POLICIES.organizationUnits, `${POLICIES.organizationUnits}.ManageOU`] });
    otherUnitId = (await createUnit('Their unit', null, await env.sign(other.userName, other.password))).id;
  });
  afterAll(async () => env?.server.stop());

  it('builds a tree with ABP codes, renames, moves a subtree and deletes it with everything below', async () => {
    const root = await createUnit(unique('Region North'));
    const second = await createUnit(unique('Region South'));
    expect(root.code).toMatch(/^\d{5}$/);
    expect(Number(second.code)).toBe(Number(root.code) + 1);
    const team = await createUnit('Team A', root.id);
    const sub = await createUnit('Night', team.id);
    expect(team.code).toBe(`${root.code}.00001`);
    expect(sub.code).toBe(`${root.code}.00001.00001`);
    expect((await createUnit('Team B', root.id)).code).toBe(`${root.code}.00002`);

    const dup = await env.call(env.staff, 'POST', '/api/identity/organization-units', { displayName: 'team a', parentId: root.id });
    expect(dup.status).toBe(400);
    expect(members(dup.body)).toEqual(['displayName']);
    const bad = await env.call(env.staff, 'POST', '/api/identity/organization-units', { displayName: '', parentId: 'nope' });
    expect(members(bad.body).sort()).toEqual(['displayName', 'parentId']);
    expect((await env.call(env.staff, 'POST', '/api/identity/organization-units', { displayName: 'Orphan', parentId: otherUnitId })).status).toBe(400);

    const renamed = await env.call(env.staff, 'PUT', `/api/identity/organization-units/${team.id}`, { displayName: 'Team Alpha', concurrencyStamp: team.concurrencyStamp });
    expect(renamed.body).toMatchObject({ displayName: 'Team Alpha', code: team.code });
    expect((await env.call(env.staff, 'PUT', `/api/identity/organization-units/${team.id}`, { displayName: 'Late', concurrencyStamp: team.concurrencyStamp })).status).toBe(409);

    const cycle = await env.call(env.staff, 'PUT', `/api/identity/organization-units/${root.id}/move`, { newParentId: sub.id });
    expect(cycle.status).toBe(400);
    expect(members(cycle.body)).toEqual(['newParentId']);
    const moved = await env.call(env.staff, 'PUT', `/api/identity/organization-units/${team.id}/move`, { newParentId: second.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ parentId: second.id, code: `${second.code}.00001` });
    expect((await env.call(env.staff, 'GET', `/api/identity/organization-units/${sub.id}`)).body).toMatchObject({ code: `${second.code}.00001.00001` });
    const toRoot = await env.call(env.staff, 'PUT', `/api/identity/organization-units/${sub.id}/move`, { newParentId: null });
    expect((toRoot.body as unknown as Unit).code).toMatch(/^\d{5}$/);

    const all = (await env.call(env.staff, 'GET', '/api/identity/organization-units/all')).body.items as Unit[];
    const codes = all.map((u) => u.code);
    expect(codes).toEqual([...codes].sort());
    expect(all.some((u) => u.id === otherUnitId)).toBe(false);
    const paged = await env.call(env.staff, 'GET', '/api/identity/organization-units?Filter=Team&Sorting=displayName desc');
    expect((paged.body.items as Unit[]).map((u) => u.displayName)).toEqual(['Team B', 'Team Alpha']);

    expect((await env.call(env.staff, 'DELETE', `/api/identity/organization-units/${second.id}`)).status).toBe(204);
    expect((await env.call(env.staff, 'GET', `/api/identity/organization-units/${team.id}`)).status).toBe(404);
  });

  it('gives members the unit\'s roles: the permissions show in application-configuration', async () => {
    const unit = await createUnit(unique('Dispatch'));
    const role = await env.call(env.staff, 'POST', '/api/identity/roles', { name: unique('Dispatcher') });
    const roleName = String(role.body.name);
    await env.call(env.staff, 'PUT', `/api/permission-management/permissions?providerName=R&providerKey=${encodeURIComponent(roleName)}`, { permissions: [{ name: POLICIES.troubleshoot, isGranted: true }] });
    const userName = unique('dispatcher').replace(' ', '-');
    const user = await env.call(env.staff, 'POST', '/api/identity/users', { userName, email: `${userName}@example.com`, password: NEW_PASSWORD, roleNames: [] });
    const userId = String(user.body.id);
    const token = await env.sign(userName, NEW_PASSWORD);
    const granted = async () => ((await env.call(token, 'GET', '/api/abp/application-configuration')).body as { auth: { grantedPolicies: Record<string, boolean> } }).auth.grantedPolicies;
    expect((await granted())[POLICIES.troubleshoot]).toBeUndefined();

    expect((await env.call(env.staff, 'PUT', `/api/identity/organization-units/${unit.id}/roles`, { roleIds: [role.body.id] })).status).toBe(204);
    expect((await env.call(env.staff, 'PUT', `/api/identity/organization-units/${unit.id}/members`, { userIds: [userId] })).status).toBe(204);
    expect((await granted())[POLICIES.troubleshoot]).toBe(true);
    const config = (await env.call(token, 'GET', '/api/abp/application-configuration')).body as { currentUser: { roles: string[] } };
    expect(config.currentUser.roles).toContain(roleName);

    const unitRoles = await env.call(env.staff, 'GET', `/api/identity/organization-units/${unit.id}/roles`);
    expect(unitRoles.body).toMatchObject({ totalCount: 1, items: [{ name: roleName }] });
    const unitMembers = await env.call(env.staff, 'GET', `/api/identity/organization-units/${unit.id}/members`);
    expect(unitMembers.body).toMatchObject({ totalCount: 1, items: [{ id: userId }] });
    expect((await env.call(env.staff, 'GET', `/api/identity/users?organizationUnitId=${unit.id}`)).body.totalCount).toBe(1);
    expect((await env.call(env.staff, 'GET', `/api/identity/users?roleId=${String(role.body.id)}`)).body.totalCount).toBe(1);
    expect((await env.call(env.staff, 'GET', `/api/identity/users/${userId}/organization-units`)).body).toMatchObject([{ id: unit.id }]);

    expect((await env.call(env.staff, 'DELETE', `/api/identity/organization-units/${unit.id}/members/${userId}`)).status).toBe(204);
    expect((await granted())[POLICIES.troubleshoot]).toBeUndefined();
    expect((await env.call(env.staff, 'DELETE', `/api/identity/organization-units/${unit.id}/members/${userId}`)).status).toBe(404);
    expect((await env.call(env.staff, 'DELETE', `/api/identity/organization-units/${unit.id}/roles/${String(role.body.id)}`)).status).toBe(204);
  });

  it('refuses unknown or foreign roles and members, and another tenant\'s unit', async () => {
    const unit = await createUnit(unique('Checks'));
    const foreignUser = (await env.db.selectFrom('users').select('id').where('user_name', '=', 'units-other').executeTakeFirstOrThrow()).id;
    const badMembers = await env.call(env.staff, 'PUT', `/api/identity/organization-units/${unit.id}/members`, { userIds: [foreignUser, 'x'] });
    expect(badMembers.status).toBe(400);
    expect(members(badMembers.body)).toEqual(['userIds[1]']);
    const foreign = await env.call(env.staff, 'PUT', `/api/identity/organization-units/${unit.id}/members`, { userIds: [foreignUser] });
    expect(members(foreign.body)).toEqual(['userIds[0]']);
    const foreignRole = (await env.db.selectFrom('roles').select('id').where('tenant_id', 'is not', null).where('name', '=', 'admin').execute()).map((r) => r.id);
    const roleRes = await env.call(env.staff, 'PUT', `/api/identity/organization-units/${unit.id}/roles`, { roleIds: foreignRole });
    expect(roleRes.status).toBe(400);
    for (const [method, path, body] of [
      ['GET', `/api/identity/organization-units/${otherUnitId}`],
      ['PUT', `/api/identity/organization-units/${otherUnitId}`, { displayName: 'x' }],
      ['PUT', `/api/identity/organization-units/${otherUnitId}/move`, { newParentId: null }],
      ['DELETE', `/api/identity/organization-units/${otherUnitId}`],
      ['GET', `/api/identity/organization-units/${otherUnitId}/members`],
      ['PUT', `/api/identity/organization-units/${otherUnitId}/members`, { userIds: [] }],
      ['PUT', `/api/identity/organization-units/${otherUnitId}/roles`, { roleIds: [] }],
    ] as const) {
      expect((await env.call(env.staff, method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    expect((await env.call(env.caregiver, 'GET', '/api/identity/organization-units')).status).toBe(403);
  });

  it("refuses a role or user of another tenant for a unit, even for the host with every tenant chosen (400, nothing written)", async () => {
    const unit = await createUnit(unique('Cross'));
    const all = `?__tenant=${ALL_TENANTS}`;
    const hostAdminRole = (await env.db.selectFrom('roles').select('id').where('tenant_id', 'is', null).where('name', '=', 'admin').executeTakeFirstOrThrow()).id;
    const hostAdminUser = (await env.db.selectFrom('users').select('id').where('tenant_id', 'is', null).where('user_name', '=', 'admin').executeTakeFirstOrThrow()).id;
    const sunriseAdminRole = (await env.db.selectFrom('roles').select('id').where('tenant_id', '=', env.sunriseId).where('name', '=', 'admin').executeTakeFirstOrThrow()).id;
    const held = async () => ({
      roles: (await env.db.selectFrom('organization_unit_roles').select('role_id').where('organization_unit_id', '=', unit.id).execute()).map((r) => r.role_id),
      members: (await env.db.selectFrom('user_organization_units').select('user_id').where('organization_unit_id', '=', unit.id).execute()).map((m) => m.user_id),
    });

    // The host sees the tenant's unit with every tenant chosen...
    expect((await env.call(env.admin, 'GET', `/api/identity/organization-units/${unit.id}${all}`)).status).toBe(200);
    // ...but may not give it the host's 'admin' role or the host's user, also mixed with valid ones.
    const role = await env.call(env.admin, 'PUT', `/api/identity/organization-units/${unit.id}/roles${all}`, { roleIds: [sunriseAdminRole, hostAdminRole] }, { lang: 'de' });
    expect(role.status).toBe(400);
    expect(role.body.error).toMatchObject({ validationErrors: [{ members: ['roleIds[1]'] }] });
    expect(role.body.error!.message).toBeTruthy();
    const member = await env.call(env.admin, 'PUT', `/api/identity/organization-units/${unit.id}/members${all}`, { userIds: [hostAdminUser] });
    expect(member.status).toBe(400);
    expect(members(member.body)).toEqual(['userIds[0]']);
    // Nor a tenant user give the unit to the host's records.
    expect((await env.call(env.staff, 'PUT', `/api/identity/organization-units/${unit.id}/roles`, { roleIds: [hostAdminRole] })).status).toBe(400);
    expect(await held()).toEqual({ roles: [], members: [] });

    // The tenant's own role is accepted, whoever adds it.
    expect((await env.call(env.admin, 'PUT', `/api/identity/organization-units/${unit.id}/roles${all}`, { roleIds: [sunriseAdminRole] })).status).toBe(204);
    expect((await held()).roles).toEqual([sunriseAdminRole]);
    // A tenant user's role set never takes the host's role either.
    const staffId = (await env.db.selectFrom('users').select('id').where('user_name', '=', 'staff').executeTakeFirstOrThrow()).id;
    const userRoles = await env.call(env.admin, 'PUT', `/api/identity/users/${staffId}/roles${all}`, { roleNames: ['admin'] });
    expect(userRoles.status).toBe(204);
    const staffRoles = await env.db.selectFrom('user_roles').select('role_id').where('user_id', '=', staffId).execute();
    expect(staffRoles.map((r) => r.role_id)).toEqual([sunriseAdminRole]);
  });
});
