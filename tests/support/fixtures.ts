import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/database';
import { hashPassword } from '../../server/identity/passwords';
import { normalize } from '../../server/identity/user-records';
import { ensureRole, grantToRole } from '../../server/identity/static-roles';

export const FIXTURE_PASSWORD = 'Fixture-Pass-2026';

/**
 * A tenant with one user holding a role with the given policies: for isolation tests that need
 * a second organisation, and for users with exactly one set of permissions.
 */
export async function createTenantUser(db: Db, opts: { tenant?: string; tenantId?: string | null; userName: string; role: string; policies: readonly string[] }) {
  let tenantId = opts.tenantId ?? null;
  if (opts.tenant) {
    tenantId = randomUUID();
    await db.insertInto('tenants').values({ id: tenantId, name: opts.tenant, normalized_name: normalize(opts.tenant), concurrency_stamp: randomUUID() }).execute();
  }
  const roleId = await ensureRole(db, tenantId, opts.role);
  await grantToRole(db, tenantId, opts.role, opts.policies);
  const userId = randomUUID();
  await db
    .insertInto('users')
    .values({
      id: userId, tenant_id: tenantId, user_name: opts.userName, normalized_user_name: normalize(opts.userName),
      email: `${opts.userName}@fixtures.vigil.local`, normalized_email: normalize(`${opts.userName}@fixtures.vigil.local`),
      email_confirmed: true, name: opts.userName, password_hash: await hashPassword(FIXTURE_PASSWORD),
      security_stamp: randomUUID(), concurrency_stamp: randomUUID(),
    })
    .execute();
  await db.insertInto('user_roles').values({ user_id: userId, role_id: roleId, tenant_id: tenantId }).execute();
  return { tenantId, userId, userName: opts.userName, password: FIXTURE_PASSWORD };
}
