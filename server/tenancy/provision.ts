import { CAREGIVER_POLICIES, isHostOnlyPolicy } from '../../common/policies';
import { ROLE_ADMIN, ROLE_PLUG_AND_PLAY_USER } from '../../common/roles';
import type { Db } from '../db/database';
import { ensureRole, grantToRole } from '../identity/static-roles';

/**
 * A new tenant starts with the two static roles the demo tenant has: 'admin' holding every policy
 * that is not the host's alone, and the public 'Plug and Play User' with the caregivers' policies.
 * Its users are then added with the identity endpoints under `__tenant`.
 */
export async function provisionTenantRoles(db: Db, tenantId: string, policies: readonly string[]): Promise<void> {
  await ensureRole(db, tenantId, ROLE_ADMIN, { isStatic: true });
  await grantToRole(db, tenantId, ROLE_ADMIN, policies.filter((p) => !isHostOnlyPolicy(p)));
  await ensureRole(db, tenantId, ROLE_PLUG_AND_PLAY_USER, { isStatic: true, isPublic: true });
  await grantToRole(db, tenantId, ROLE_PLUG_AND_PLAY_USER, CAREGIVER_POLICIES);
}

/**
 * A deleted tenant's roles go with it: the roles (their claims, members and organization units by
 * the foreign keys' cascade) and the grants made to them. Answers the roles removed, for the audit log.
 */
export async function removeTenantRoles(db: Db, tenantId: string): Promise<{ id: string; name: string }[]> {
  await db.deleteFrom('permission_grants').where('tenant_id', '=', tenantId).where('provider_name', '=', 'R').execute();
  return db.deleteFrom('roles').where('tenant_id', '=', tenantId).returning(['id', 'name']).execute();
}
