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
