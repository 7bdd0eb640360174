import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { allPolicyNames, isHostOnlyPolicy } from '../../common/policies';
import { ROLE_ADMIN } from '../../common/roles';
import { normalize } from '../identity/user-records';
import { ensureRole, grantToRole } from '../identity/static-roles';
import { demoId, demoStamp } from './demo-ids';

/** What each part of the demo is given: the tenant it fills, its staff user (the creator), and "now". */
export interface DemoTenantContext {
  tenantId: string;
  /** Short stable name the tenant's seeded names and ids are derived from. */
  key: string;
  staffId: string;
  now: Date;
}

export interface DemoUser {
  userName: string;
  email: string;
  name: string;
  surname: string;
}

/** A user as the identity module writes one (normalized name and email, confirmed email); id derived from the user name. */
export async function createDemoUser(db: Db, tenantId: string | null, user: DemoUser, passwordHash: string): Promise<string> {
  const id = demoId('user', user.userName);
  await db
    .insertInto('users')
    .values({
      id,
      tenant_id: tenantId,
      user_name: user.userName,
      normalized_user_name: normalize(user.userName),
      email: user.email,
      normalized_email: normalize(user.email),
      email_confirmed: true,
      name: user.name,
      surname: user.surname,
      password_hash: passwordHash,
      // A secret of the account (its sessions end when it changes): never derived from the name.
      security_stamp: randomUUID(),
      concurrency_stamp: demoStamp(id),
    })
    .execute();
  return id;
}

export async function assignRole(db: Db, userId: string, roleId: string, tenantId: string | null): Promise<void> {
  await db.insertInto('user_roles').values({ user_id: userId, role_id: roleId, tenant_id: tenantId }).onConflict((oc) => oc.doNothing()).execute();
}

export async function createDemoTenant(db: Db, name: string): Promise<string> {
  const id = demoId('tenant', name);
  await db.insertInto('tenants').values({ id, name, normalized_name: normalize(name), concurrency_stamp: demoStamp(id) }).execute();
  return id;
}

/** The tenant's static 'admin' role with every policy that is not the host's alone (the demo staff's role). */
export async function grantStaffRole(db: Db, tenantId: string): Promise<string> {
  const role = await ensureRole(db, tenantId, ROLE_ADMIN, { isStatic: true });
  await grantToRole(db, tenantId, ROLE_ADMIN, allPolicyNames().filter((p) => !isHostOnlyPolicy(p)));
  return role;
}
