import type { Db } from '../db/database';
import type { Principal } from '../http/request-context';
import { isHostOnlyPolicy } from '../../common/policies';
import { tenantIs } from '../multitenancy/scope';

/**
 * The policies a user holds: granted to one of the user's roles ('R', role name) or to the user
 * ('U', user id), within the user's own tenant. The user's roles are the ones given directly and
 * the ones of the organization units the user is a member of (ABP: direct membership, not the
 * units above). A deactivated or deleted user holds nothing, even with a token still valid.
 * Host-only policies never count inside a tenant. One query, read on each request, so a change takes effect at once on every node.
 */
export async function grantedPolicies(db: Db, principal: Principal | null): Promise<Set<string>> {
  if (!principal) return new Set();
  const { tenantId, userId } = principal;
  const rows = await db
    .selectFrom('permission_grants as g')
    .select('g.name')
    .where(tenantIs('g.tenant_id', tenantId))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('users as u')
          .select('u.id')
          .where('u.id', '=', userId)
          .where(tenantIs('u.tenant_id', tenantId))
          .where('u.is_active', '=', true)
          .where('u.is_deleted', '=', false),
      ),
    )
    .where((eb) =>
      eb.or([
        eb.and([eb('g.provider_name', '=', 'U'), eb('g.provider_key', '=', userId)]),
        eb.and([
          eb('g.provider_name', '=', 'R'),
          eb(
            'g.provider_key',
            'in',
            eb
              .selectFrom('roles as r')
              .select('r.name')
              .where(tenantIs('r.tenant_id', tenantId))
              .where((inner) =>
                inner.or([
                  inner('r.id', 'in', inner.selectFrom('user_roles as ur').select('ur.role_id').where('ur.user_id', '=', userId)),
                  inner(
                    'r.id',
                    'in',
                    inner
                      .selectFrom('organization_unit_roles as our')
                      .innerJoin('user_organization_units as uou', 'uou.organization_unit_id', 'our.organization_unit_id')
                      .select('our.role_id')
                      .where('uou.user_id', '=', userId),
                  ),
                ]),
              ),
          ),
        ]),
      ]),
    )
    .execute();
  // A host-only policy a tenant still has on record (granted before it became host-only) grants nothing.
  return new Set(rows.map((r) => r.name).filter((name) => tenantId === null || !isHostOnlyPolicy(name)));
}

/** The policies granted to each of the given roles (by role name, in one tenant). */
export async function policiesOfRoles(db: Db, tenantId: string | null, roleNames: readonly string[]): Promise<Map<string, Set<string>>> {
  const byRole = new Map(roleNames.map((name) => [name, new Set<string>()]));
  if (roleNames.length === 0) return byRole;
  const rows = await db
    .selectFrom('permission_grants')
    .select(['name', 'provider_key'])
    .where(tenantIs('tenant_id', tenantId))
    .where('provider_name', '=', 'R')
    .where('provider_key', 'in', roleNames)
    .execute();
  for (const row of rows) byRole.get(row.provider_key)?.add(row.name);
  return byRole;
}
