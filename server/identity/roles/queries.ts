import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { RolesTable } from '../tables';
import { contains } from '../../db/like';
import { inScope, UUID, type Scope } from '../../multitenancy/scope';

export type RoleRow = Selectable<RolesTable>;

/** Roles the scope may see. */
export function roleListQuery(db: Db, scope: Scope, filter?: string) {
  let q = db.selectFrom('roles as r').where(inScope('r.tenant_id', scope));
  if (filter) q = q.where('r.name', 'ilike', contains(filter));
  return q;
}

/** A role the scope may see, or undefined. */
export async function findScopedRole(db: Db, scope: Scope, id: string): Promise<RoleRow | undefined> {
  if (!UUID.test(id)) return undefined;
  return db.selectFrom('roles').selectAll().where('id', '=', id).where(inScope('tenant_id', scope)).executeTakeFirst();
}

/** Live users given the role directly (ABP's role list shows it). */
export const userCount = sql<number>`(select count(*)::int from user_roles ur join users u on u.id = ur.user_id where ur.role_id = r.id and not u.is_deleted)`;

/** The name of the role's tenant (null for the host's), so a list of every tenant's roles never shows an id. */
export const tenantName = sql<string | null>`(select t.name from tenants t where t.id = r.tenant_id)`;

/** ABP's IdentityRoleDto. */
export function roleDto(role: RoleRow & { user_count?: number; tenant_name?: string | null }) {
  return {
    id: role.id,
    tenantId: role.tenant_id,
    name: role.name,
    isDefault: role.is_default,
    isStatic: role.is_static,
    isPublic: role.is_public,
    concurrencyStamp: role.concurrency_stamp,
    creationTime: role.creation_time,
    ...(role.user_count !== undefined ? { userCount: Number(role.user_count) } : {}),
    ...(role.tenant_name !== undefined ? { tenantName: role.tenant_name } : {}),
    extraProperties: {},
  };
}

export const ROLE_SORTING = { name: 'r.name', creationTime: 'r.creation_time', isDefault: 'r.is_default', isPublic: 'r.is_public' } as const;
