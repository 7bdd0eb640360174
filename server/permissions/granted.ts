import type { Db } from '../db/database';
import type { Principal } from '../http/request-context';

/**
 * The policies a user holds: granted to one of the user's roles ('R', role name) or to the user
 * ('U', user id), within the user's own tenant. Read from the database on each call, so a change
 * of roles takes effect at once on every node.
 */
export async function grantedPolicies(db: Db, principal: Principal | null): Promise<Set<string>> {
  if (!principal) return new Set();
  const tenantId = principal.tenantId;
  const rows = await db
    .selectFrom('permission_grants')
    .select('permission_grants.name')
    .where((eb) =>
      eb.and([
        tenantId === null ? eb('permission_grants.tenant_id', 'is', null) : eb('permission_grants.tenant_id', '=', tenantId),
        eb.or([
          eb.and([
            eb('permission_grants.provider_name', '=', 'R'),
            eb(
              'permission_grants.provider_key',
              'in',
              eb
                .selectFrom('user_roles')
                .innerJoin('roles', 'roles.id', 'user_roles.role_id')
                .select('roles.name')
                .where('user_roles.user_id', '=', principal.userId),
            ),
          ]),
          eb.and([eb('permission_grants.provider_name', '=', 'U'), eb('permission_grants.provider_key', '=', principal.userId)]),
        ]),
      ]),
    )
    .execute();
  return new Set(rows.map((r) => r.name));
}
