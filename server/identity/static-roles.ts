import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { ROLE_ADMIN } from '../../common/roles';
import { normalize } from './user-records';

/** Ensures a role exists (by tenant and name) and returns its id. */
export async function ensureRole(db: Db, tenantId: string | null, name: string, flags: { isStatic?: boolean; isPublic?: boolean } = {}): Promise<string> {
  const existing = await db
    .selectFrom('roles')
    .select('id')
    .where('normalized_name', '=', normalize(name))
    .where(tenantId === null ? (eb) => eb('tenant_id', 'is', null) : (eb) => eb('tenant_id', '=', tenantId))
    .executeTakeFirst();
  if (existing) return existing.id;
  const id = randomUUID();
  await db
    .insertInto('roles')
    .values({ id, tenant_id: tenantId, name, normalized_name: normalize(name), is_static: flags.isStatic ?? false, is_public: flags.isPublic ?? false, concurrency_stamp: randomUUID() })
    .execute();
  return id;
}

/** Grants policies to a role (idempotent). */
export async function grantToRole(db: Db, tenantId: string | null, roleName: string, policies: readonly string[]): Promise<void> {
  if (policies.length === 0) return;
  await db
    .insertInto('permission_grants')
    .values(policies.map((name) => ({ id: randomUUID(), tenant_id: tenantId, name, provider_name: 'R', provider_key: roleName })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * On every start: the host's static 'admin' role holds every policy in the catalogue, including
 * policies added since the last start. Runs in production too; it creates no user.
 */
export async function bootstrapStaticRoles(db: Db, policies: readonly string[]): Promise<void> {
  await ensureRole(db, null, ROLE_ADMIN, { isStatic: true });
  await grantToRole(db, null, ROLE_ADMIN, policies);
}
