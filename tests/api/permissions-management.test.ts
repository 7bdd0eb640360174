import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isHostOnlyPolicy, POLICIES } from '../../common/policies';
import { ROLE_PLUG_AND_PLAY_USER } from '../../common/roles';
import { policyCatalogue } from '../../server/permissions/catalogue';
import { createTenantUser } from '../support/fixtures';
import { identityServer, members, NEW_PASSWORD, watchRefusals, type IdentityServer } from '../support/identity';
import { DATABASES } from '../support/server';

type Permission = { name: string; displayName: string; parentName: string | null; isGranted: boolean; allowedProviders: string[]; grantedProviders: { providerName: string; providerKey: string }[] };
type Group = { name: string; displayName: string; permissions: Permission[] };
type Answer = { entityDisplayName: string; groups: Group[] };

const USERS = POLICIES.identityUsers;
const ROLES = POLICIES.roles;
const path = (providerName: string, providerKey: string) => `/api/permission-management/permissions?providerName=${providerName}&providerKey=${encodeURIComponent(providerKey)}`;

/** Permission management and every privilege escalation it must refuse (403 or 404, and a log row). */
describe.each(DATABASES)('permission management ($name)', ({ url: databaseUrl }) => {
  let env: IdentityServer;
  /** A tenant manager who may manage users, roles and permissions, but holds nothing else. */
  let manager: string;
  let managerId: string;
  let otherTenantUserId: string;
  let serial = 0;
  const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++serial}`;
  const newRole = async (token: string, tenantQuery = '') => String((await env.call(token, 'POST', `/api/identity/roles${tenantQuery}`, { name: unique('Role') })).body.name);

  beforeAll(async () => {
    env = await identityServer(databaseUrl);
    const m = await createTenantUser(env.db, {
      tenantId: env.sunriseId,
      userName: 'limited-manager',
      role: 'Limited manager',
      policies: [USERS, `${USERS}.Create`, `${USERS}.Update`, `${USERS}.ManagePermissions`, ROLES, `${ROLES}.Create`, `${ROLES}.ManagePermissions`],
    });
    manager = await env.sign(m.userName, m.password);
    managerId = m.userId;
    otherTenantUserId = (await createTenantUser(env.db, { tenant: 'Permissions Other Tenant', userName: 'perm-other', role: 'admin', policies: [USERS] })).userId;
  });
  afterAll(async () => env?.server.stop());

  it('answers the permission tree for a role: groups by prefix, translated, host-only policies hidden in a tenant', async () => {
    const res = await env.call(env.staff, 'GET', path('R', 'admin'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as unknown as Answer;
    expect(body.entityDisplayName).toBe('admin');
    // Language management (languages and texts: the texts apply to every tenant, and their API
    // refuses tenant users), tenants, settings, audit logs and claim types are the host's.
    expect(body.groups.map((g) => g.name)).toEqual(['Vigil', 'AbpIdentity']);
    const offered = body.groups.flatMap((g) => g.permissions.map((p) => p.name));
    for (const hostOnly of [POLICIES.languages, POLICIES.languageTexts, POLICIES.deviceAdministration, POLICIES.accessories]) expect(offered).not.toContain(hostOnly);
    const identity = body.groups.find((g) => g.name === 'AbpIdentity')!;
    expect(identity.displayName).toBe('Identity management');
    const manage = identity.permissions.find((p) => p.name === `${USERS}.ManagePermissions`)!;
    expect(manage).toMatchObject({ displayName: 'Manage permissions', parentName: USERS, isGranted: true, grantedProviders: [{ providerName: 'R', providerKey: 'admin' }], allowedProviders: [] });
    expect(identity.permissions.find((p) => p.name === USERS)).toMatchObject({ displayName: 'User accounts', parentName: null });
    expect(identity.permissions.some((p) => p.name === POLICIES.claimTypes)).toBe(false);

    const danish = (await env.call(env.staff, 'GET', path('R', 'admin'), undefined, { lang: 'da-DK' })).body as unknown as Answer;
    expect(danish.groups.find((g) => g.name === 'AbpIdentity')!.displayName).toBe('Identitetsstyring');
    expect(danish.groups.find((g) => g.name === 'Vigil')!.permissions.find((p) => p.name === `${POLICIES.devices}.Create`)!.displayName).toBe('Opret');

    const host = (await env.call(env.admin, 'GET', path('R', 'admin'))).body as unknown as Answer;
    expect(host.groups.map((g) => g.name)).toEqual(['Vigil', 'AbpIdentity', 'Saas', 'LanguageManagement', 'AuditLogging', 'SettingManagement']);
  });

  it('grants and revokes for a role and a user; a user\'s view shows what their roles grant', async () => {
    const role = await newRole(env.staff);
    expect((await env.call(env.staff, 'PUT', path('R', role), { permissions: [{ name: POLICIES.wifis, isGranted: true }, { name: `${POLICIES.wifis}.Create`, isGranted: true }] })).status).toBe(204);
    const userName = unique('perm-user');
    const user = await env.call(env.staff, 'POST', '/api/identity/users', { userName, email: `${userName}@example.com`, password: NEW_PASSWORD, roleNames: [role] });
    const userId = String(user.body.id);
    expect((await env.call(env.staff, 'PUT', path('U', userId), { permissions: [{ name: POLICIES.messages, isGranted: true }] })).status).toBe(204);
    const view = (await env.call(env.staff, 'GET', path('U', userId))).body as unknown as Answer;
    expect(view.entityDisplayName).toBe(userName);
    const vigil = view.groups.find((g) => g.name === 'Vigil')!.permissions;
    expect(vigil.find((p) => p.name === POLICIES.wifis)).toMatchObject({ isGranted: true, grantedProviders: [{ providerName: 'R', providerKey: role }] });
    expect(vigil.find((p) => p.name === POLICIES.messages)).toMatchObject({ isGranted: true, grantedProviders: [{ providerName: 'U', providerKey: userId }] });

    const token = await env.sign(userName, NEW_PASSWORD);
    const granted = async () => ((await env.call(token, 'GET', '/api/abp/application-configuration')).body as { auth: { grantedPolicies: Record<string, boolean> } }).auth.grantedPolicies;
    expect(await granted()).toMatchObject({ [POLICIES.wifis]: true, [`${POLICIES.wifis}.Create`]: true, [POLICIES.messages]: true });
    expect((await env.call(env.staff, 'PUT', path('R', role), { permissions: [{ name: `${POLICIES.wifis}.Create`, isGranted: false }] })).status).toBe(204);
    expect((await granted())[`${POLICIES.wifis}.Create`]).toBeUndefined();
    const audit = await env.db.selectFrom('audit_logs').select('entity_changes').where('url', 'like', '/api/permission-management/permissions%').where('http_method', '=', 'PUT').execute();
    expect(audit.flatMap((a) => a.entity_changes).some((c) => c.entityId === `R:${role}` && c.propertyChanges.some((p) => p.propertyName === `${POLICIES.wifis}.Create` && p.newValue === false))).toBe(true);
  });

  it('refuses bad input: provider, missing key, unknown permission names', async () => {
    const bad = await env.call(env.staff, 'GET', '/api/permission-management/permissions?providerName=X');
    expect(bad.status).toBe(400);
    expect(members(bad.body).sort()).toEqual(['providerKey', 'providerName']);
    const unknown = await env.call(env.staff, 'PUT', path('R', 'admin'), { permissions: [{ name: 'Vigil.Nothing', isGranted: true }, { name: POLICIES.devices }] });
    expect(unknown.status).toBe(400);
    expect(members(unknown.body)).toEqual(['permissions[1].isGranted']);
    const unknownName = await env.call(env.staff, 'PUT', path('R', 'admin'), { permissions: [{ name: 'Vigil.Nothing', isGranted: true }] });
    expect(members(unknownName.body)).toEqual(['permissions[0].name']);
    expect((await env.call(env.staff, 'GET', path('R', 'No such role'))).status).toBe(404);
    // A provider's own policy is needed: the caregiver has neither.
    expect((await env.call(env.caregiver, 'GET', path('R', 'admin'))).status).toBe(403);
  });

  it('refuses granting a policy the caller does not hold (403, logged)', async () => {
    const refusals = await watchRefusals(env);
    const role = await newRole(manager);
    const res = await env.call(manager, 'PUT', path('R', role), { permissions: [{ name: POLICIES.devices, isGranted: true }, { name: ROLES, isGranted: true }] });
    expect(res.status).toBe(403);
    expect(res.body.error!.message).toBe('You cannot grant a permission you do not have yourself.');
    const rows = await refusals();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: managerId, tenant_id: env.sunriseId, identity: 'PermissionManagement' });
    expect(rows[0]!.extra_properties).toMatchObject({ reason: 'policyNotHeld', policies: [POLICIES.devices], providerName: 'R', providerKey: role });
    const grants = await env.db.selectFrom('permission_grants').select('name').where('provider_key', '=', role).execute();
    expect(grants).toEqual([]);
    // What the manager holds may be granted.
    expect((await env.call(manager, 'PUT', path('R', role), { permissions: [{ name: ROLES, isGranted: true }] })).status).toBe(204);
  });

  it('refuses handing out a role whose policies the caller does not hold (403, logged)', async () => {
    const refusals = await watchRefusals(env);
    const userName = unique('handout');
    const res = await env.call(manager, 'POST', '/api/identity/users', { userName, email: `${userName}@example.com`, password: NEW_PASSWORD, roleNames: ['admin'] });
    expect(res.status).toBe(403);
    const self = await env.call(manager, 'PUT', `/api/identity/users/${managerId}/roles`, { roleNames: ['Limited manager', 'admin'] });
    expect(self.status).toBe(403);
    const rows = await refusals();
    expect(rows.map((r) => (r.extra_properties as { reason: string }).reason)).toEqual(['roleNotHeld', 'roleNotHeld']);
    expect((await env.call(env.staff, 'GET', `/api/identity/users/by-username/${userName}`)).status).toBe(404);
  });

  it('refuses host-only policies inside a tenant, even for the host acting there (403, logged)', async () => {
    const refusals = await watchRefusals(env);
    for (const name of [POLICIES.tenants, `${POLICIES.tenants}.Create`, POLICIES.languages, 'Saas.Editions']) {
      const res = await env.call(env.staff, 'PUT', path('R', 'admin'), { permissions: [{ name, isGranted: true }] });
      expect(res.status, name).toBe(name === 'Saas.Editions' ? 400 : 403);
    }
    const asHost = await env.call(env.admin, 'PUT', `${path('R', 'admin')}&__tenant=${env.sunriseId}`, { permissions: [{ name: POLICIES.auditLogs, isGranted: true }] });
    expect(asHost.status).toBe(403);
    const rows = await refusals();
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => (r.extra_properties as { reason: string }).reason === 'hostOnlyPolicy')).toBe(true);
    // In the host they are grantable.
    const hostRole = await newRole(env.admin);
    expect((await env.call(env.admin, 'PUT', path('R', hostRole), { permissions: [{ name: POLICIES.tenants, isGranted: true }] })).status).toBe(204);
  });

  it("offers a tenant's role and user only tenant-side policies, whoever asks (ABP MultiTenancySide)", async () => {
    const caregiverId = String((await env.call(env.staff, 'GET', '/api/identity/users/by-username/caregiver')).body.id);
    const asked = [
      await env.call(env.staff, 'GET', path('R', ROLE_PLUG_AND_PLAY_USER)),
      await env.call(env.admin, 'GET', `${path('R', ROLE_PLUG_AND_PLAY_USER)}&__tenant=${env.sunriseId}`),
      await env.call(env.staff, 'GET', path('U', caregiverId)),
    ];
    for (const res of asked) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const offered = (res.body as unknown as Answer).groups.flatMap((g) => g.permissions.map((p) => p.name));
      expect(offered.length).toBeGreaterThan(10);
      expect(offered.filter((name) => isHostOnlyPolicy(name))).toEqual([]);
      // What the caregivers' role holds is shown as granted.
      expect(offered).toContain(POLICIES.dashboard);
    }
    // The host's own roles are offered the host's policies.
    const host = (await env.call(env.admin, 'GET', path('R', 'admin'))).body as unknown as Answer;
    expect(host.groups.flatMap((g) => g.permissions.map((p) => p.name))).toContain(`${POLICIES.languageTexts}.Edit`);
  });

  it("refuses granting a host-only policy to a tenant's role or user (403, ABP error, nothing written)", async () => {
    const caregiverId = String((await env.call(env.staff, 'GET', '/api/identity/users/by-username/caregiver')).body.id);
    const grantsNow = () => env.db.selectFrom('permission_grants').select(['name', 'provider_name', 'provider_key']).where('tenant_id', '=', env.sunriseId).orderBy('id').execute();
    const before = await grantsNow();
    const attempts = [
      await env.call(env.staff, 'PUT', path('R', ROLE_PLUG_AND_PLAY_USER), { permissions: [{ name: POLICIES.languageTexts, isGranted: true }, { name: `${POLICIES.languageTexts}.Edit`, isGranted: true }] }, { lang: 'da' }),
      await env.call(env.admin, 'PUT', `${path('R', ROLE_PLUG_AND_PLAY_USER)}&__tenant=${env.sunriseId}`, { permissions: [{ name: POLICIES.languageTexts, isGranted: true }] }),
      await env.call(env.staff, 'PUT', path('U', caregiverId), { permissions: [{ name: POLICIES.languages, isGranted: true }] }),
    ];
    expect(attempts.map((a) => a.status)).toEqual([403, 403, 403]);
    expect(attempts[0]!.body.error).toMatchObject({ code: 'Vigil:Identity.hostOnlyPolicy' });
    // In the caller's language.
    expect(attempts[0]!.body.error!.message).not.toBe(attempts[1]!.body.error!.message);
    expect(await grantsNow()).toEqual(before);
  });

  it('keeps writing command templates and guides to the provider: a tenant role is neither offered nor granted Create, Update or Delete on them', async () => {
    const writes = [POLICIES.commandTemplates, POLICIES.guides].flatMap((p) => ['Create', 'Update', 'Delete'].map((a) => `${p}.${a}`));
    // Not offered to a tenant's role, whoever asks; reading them still is.
    for (const res of [await env.call(env.staff, 'GET', path('R', 'admin')), await env.call(env.admin, 'GET', `${path('R', 'admin')}&__tenant=${env.sunriseId}`)]) {
      const offered = (res.body as unknown as Answer).groups.flatMap((g) => g.permissions.map((p) => p.name));
      expect(offered).toContain(POLICIES.commandTemplates);
      expect(offered).toContain(POLICIES.guides);
      expect(offered.filter((name) => writes.includes(name))).toEqual([]);
    }
    // The host's own roles are offered them.
    const host = (await env.call(env.admin, 'GET', path('R', 'admin'))).body as unknown as Answer;
    expect(host.groups.flatMap((g) => g.permissions.map((p) => p.name))).toEqual(expect.arrayContaining(writes));

    // Granting one to a tenant's role is refused (403, logged, nothing written), in the caller's language.
    const refusals = await watchRefusals(env);
    const role = await newRole(env.staff);
    const grantsOfRole = async () => (await env.db.selectFrom('permission_grants').select('name').where('provider_name', '=', 'R').where('provider_key', '=', role).execute()).map((g) => g.name);
    const attempts = [
      await env.call(env.staff, 'PUT', path('R', role), { permissions: [{ name: POLICIES.commandTemplates, isGranted: true }, { name: `${POLICIES.commandTemplates}.Create`, isGranted: true }] }, { lang: 'de' }),
      await env.call(env.admin, 'PUT', `${path('R', role)}&__tenant=${env.sunriseId}`, { permissions: [{ name: POLICIES.guides, isGranted: true }, { name: `${POLICIES.guides}.Delete`, isGranted: true }] }),
    ];
    expect(attempts.map((a) => a.status)).toEqual([403, 403]);
    expect(attempts[0]!.body.error).toMatchObject({ code: 'Vigil:Identity.hostOnlyPolicy' });
    expect(attempts[0]!.body.error!.message).not.toBe(attempts[1]!.body.error!.message);
    expect(await grantsOfRole()).toEqual([]);
    expect((await refusals()).length).toBe(2);

    // The tenant's staff hold none of them, whatever their role once stored: the app offers no Create, Edit or Delete there.
    const configuration = await env.call(env.staff, 'GET', '/api/abp/application-configuration');
    const granted = (configuration.body as unknown as { auth: { grantedPolicies: Record<string, boolean> } }).auth.grantedPolicies;
    expect(granted[POLICIES.commandTemplates]).toBe(true);
    expect(granted[POLICIES.guides]).toBe(true);
    expect(writes.filter((name) => granted[name])).toEqual([]);
    // And the server refuses the write itself.
    const created = await env.call(env.staff, 'POST', '/api/app/command-templatess', { name: 'Tenant template', deviceModel: 'watch4', command: 'CR', isTextMessage: false, variables: [] });
    expect(created.status).toBe(403);
  });

  it('keeps an action with its resource: a child without its parent is refused (400, nothing written), as ABP\'s dialog never sends one', async () => {
    const role = await newRole(env.staff);
    const grantsOfRole = async () => (await env.db.selectFrom('permission_grants').select('name').where('provider_name', '=', 'R').where('provider_key', '=', role).execute()).map((g) => g.name).sort();
    const orphan = await env.call(env.staff, 'PUT', path('R', role), { permissions: [{ name: `${POLICIES.wifis}.Create`, isGranted: true }] });
    expect(orphan.status, JSON.stringify(orphan.body)).toBe(400);
    expect(members(orphan.body)).toEqual(['permissions[0].name']);
    expect(orphan.body.error!.message).toBeTruthy();
    expect(await grantsOfRole()).toEqual([]);
    const danish = await env.call(env.staff, 'PUT', path('R', role), { permissions: [{ name: `${POLICIES.wifis}.Create`, isGranted: true }] }, { lang: 'da' });
    expect(JSON.stringify(danish.body)).toContain('kan kun gives sammen med');

    // With its parent, in the same change, it is granted; later children need no resend of the parent.
    expect((await env.call(env.staff, 'PUT', path('R', role), { permissions: [{ name: `${POLICIES.wifis}.Create`, isGranted: true }, { name: POLICIES.wifis, isGranted: true }] })).status).toBe(204);
    expect((await env.call(env.staff, 'PUT', path('R', role), { permissions: [{ name: `${POLICIES.wifis}.Delete`, isGranted: true }] })).status).toBe(204);
    expect(await grantsOfRole()).toEqual([POLICIES.wifis, `${POLICIES.wifis}.Create`, `${POLICIES.wifis}.Delete`].sort());

    // The parent cannot go while a child stays; with its children it can.
    const lonely = await env.call(env.staff, 'PUT', path('R', role), { permissions: [{ name: POLICIES.wifis, isGranted: false }, { name: `${POLICIES.wifis}.Create`, isGranted: false }] });
    expect(lonely.status).toBe(400);
    expect(members(lonely.body)).toEqual(['permissions[0].name']);
    expect(await grantsOfRole()).toEqual([POLICIES.wifis, `${POLICIES.wifis}.Create`, `${POLICIES.wifis}.Delete`].sort());
    const all = await env.call(env.staff, 'PUT', path('R', role), { permissions: [POLICIES.wifis, `${POLICIES.wifis}.Create`, `${POLICIES.wifis}.Delete`].map((name) => ({ name, isGranted: false })) });
    expect(all.status).toBe(204);
    expect(await grantsOfRole()).toEqual([]);

    // A user may be given an action whose resource one of their roles grants.
    expect((await env.call(env.staff, 'PUT', path('R', role), { permissions: [{ name: POLICIES.messages, isGranted: true }] })).status).toBe(204);
    const userName = unique('child-user');
    const user = await env.call(env.staff, 'POST', '/api/identity/users', { userName, email: `${userName}@example.com`, password: NEW_PASSWORD, roleNames: [role] });
    const userId = String(user.body.id);
    expect((await env.call(env.staff, 'PUT', path('U', userId), { permissions: [{ name: `${POLICIES.messages}.Create`, isGranted: true }] })).status).toBe(204);
    expect((await env.call(env.staff, 'PUT', path('U', userId), { permissions: [{ name: `${POLICIES.devices}.Create`, isGranted: true }] })).status).toBe(400);
  });

  it('never changes a user of another tenant: 404, logged', async () => {
    const refusals = await watchRefusals(env);
    expect((await env.call(env.staff, 'GET', path('U', otherTenantUserId))).status).toBe(404);
    const res = await env.call(env.staff, 'PUT', path('U', otherTenantUserId), { permissions: [{ name: POLICIES.devices, isGranted: true }] });
    expect(res.status).toBe(404);
    const rows = await refusals();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.extra_properties).toMatchObject({ reason: 'otherTenant', providerKey: otherTenantUserId });
    expect(await env.db.selectFrom('permission_grants').select('id').where('provider_key', '=', otherTenantUserId).execute()).toEqual([]);
    // A role name names a role of the acting tenant only.
    expect((await env.call(env.staff, 'PUT', path('R', 'Other Tenant Only'), { permissions: [] })).status).toBe(404);
  });

  it('refuses changing a user who holds more than the caller (403, logged): no takeover by password or email', async () => {
    const refusals = await watchRefusals(env);
    const staffId = String((await env.call(env.staff, 'GET', '/api/identity/users/by-username/staff')).body.id);
    const attempts = [
      await env.call(manager, 'PUT', `/api/identity/users/${staffId}/change-password`, { newPassword: 'Taken-Over-2026!' }),
      await env.call(manager, 'PUT', `/api/identity/users/${staffId}`, { userName: 'staff', email: 'attacker@example.com' }),
      await env.call(manager, 'PUT', path('U', staffId), { permissions: [] }),
    ];
    expect(attempts.map((a) => a.status)).toEqual([403, 403, 403]);
    expect(attempts[0]!.body.error!.message).toBe('You cannot change a user who has permissions you do not have.');
    expect((await refusals()).map((r) => (r.extra_properties as { reason: string }).reason)).toEqual(['targetMorePowerful', 'targetMorePowerful', 'targetMorePowerful']);
    expect((await env.call(env.staff, 'GET', `/api/identity/users/${staffId}`)).body.email).toBe('staff@sunrise-care.local');
  });

  it('refuses a user changing their own user-level grants (403, logged)', async () => {
    const refusals = await watchRefusals(env);
    const res = await env.call(manager, 'PUT', path('U', managerId), { permissions: [{ name: ROLES, isGranted: true }] });
    expect(res.status).toBe(403);
    expect(res.body.error!.message).toBe('You cannot change your own permissions.');
    expect((await refusals()).map((r) => (r.extra_properties as { reason: string }).reason)).toEqual(['ownGrants']);
  });

  it('keeps an active host administrator: the last one cannot be locked, deactivated, deleted or lose the role (403, logged)', async () => {
    // A deputy holds every policy through a role of their own, so only the last-administrator rule stands in the way.
    const ops = await createTenantUser(env.db, { tenantId: null, userName: 'host-ops', role: 'Host ops', policies: policyCatalogue(env.server.engine.schemas) });
    const opsToken = await env.sign(ops.userName, ops.password);
    const admin = (await env.call(env.admin, 'GET', '/api/identity/users/by-username/admin')).body as { id: string; userName: string; email: string };
    const refusals = await watchRefusals(env);
    const attempts = [
      await env.call(opsToken, 'PUT', `/api/identity/users/${admin.id}/lock/2099-01-01T00:00:00Z`),
      await env.call(opsToken, 'DELETE', `/api/identity/users/${admin.id}`),
      await env.call(opsToken, 'PUT', `/api/identity/users/${admin.id}/roles`, { roleNames: [] }),
      await env.call(opsToken, 'PUT', `/api/identity/users/${admin.id}`, { userName: admin.userName, email: admin.email, isActive: false }),
    ];
    expect(attempts.map((a) => a.status)).toEqual([403, 403, 403, 403]);
    expect(attempts[0]!.body.error!.message).toBe('This would leave the service provider without an active administrator.');
    const rows = await refusals();
    expect(rows.map((r) => (r.extra_properties as { reason: string }).reason)).toEqual(['lastHostAdmin', 'lastHostAdmin', 'lastHostAdmin', 'lastHostAdmin']);
    const after = (await env.call(env.admin, 'GET', `/api/identity/users/${admin.id}`)).body;
    expect(after).toMatchObject({ isActive: true, isLockedOut: false, roleNames: ['admin'] });

    // With a second administrator, the first may be locked (and is unlocked again).
    expect((await env.call(env.admin, 'PUT', `/api/identity/users/${ops.userId}/roles`, { roleNames: ['Host ops', 'admin'] })).status).toBe(204);
    expect((await env.call(opsToken, 'PUT', `/api/identity/users/${admin.id}/lock/2099-01-01T00:00:00Z`)).status).toBe(204);
    expect((await env.call(opsToken, 'PUT', `/api/identity/users/${admin.id}/unlock`)).status).toBe(204);
  });
});
