import type { Db } from '../../db/database';

/** Replaces a user's direct roles; returns the role ids added and removed. */
export async function setUserRoles(trx: Db, userId: string, tenantId: string | null, roleIds: readonly string[]) {
  const current = (await trx.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute()).map((r) => r.role_id);
  const added = roleIds.filter((id) => !current.includes(id));
  const removed = current.filter((id) => !roleIds.includes(id));
  if (removed.length) await trx.deleteFrom('user_roles').where('user_id', '=', userId).where('role_id', 'in', removed).execute();
  if (added.length) await trx.insertInto('user_roles').values(added.map((role_id) => ({ user_id: userId, role_id, tenant_id: tenantId }))).execute();
  return { added, removed };
}

/** Replaces a user's organization units; returns the unit ids added and removed. */
export async function setUserOrganizationUnits(trx: Db, userId: string, tenantId: string | null, ouIds: readonly string[]) {
  const current = (await trx.selectFrom('user_organization_units').select('organization_unit_id').where('user_id', '=', userId).execute()).map((r) => r.organization_unit_id);
  const added = ouIds.filter((id) => !current.includes(id));
  const removed = current.filter((id) => !ouIds.includes(id));
  if (removed.length) await trx.deleteFrom('user_organization_units').where('user_id', '=', userId).where('organization_unit_id', 'in', removed).execute();
  if (added.length) {
    await trx.insertInto('user_organization_units').values(added.map((organization_unit_id) => ({ user_id: userId, organization_unit_id, tenant_id: tenantId }))).execute();
  }
  return { added, removed };
}
