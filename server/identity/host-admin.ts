import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { ROLE_ADMIN } from '../../common/roles';
import { hashPassword } from './passwords';
import { normalize } from './user-records';
import { ensureRole } from './static-roles';

/** The host (tenant-less) administrator: made by the setup page, or at start from ADMIN_PASSWORD (server/seed/first-admin.ts). */
export interface FirstAdmin {
  userName: string;
  email: string;
  password: string;
}

/**
 * Whether an active host (tenant-less) user exists. Inactive ones do not count: a demo
 * administrator turned off on an exposed start (demo-guard.ts) leaves the setup path open.
 */
export async function hostUserExists(db: Db): Promise<boolean> {
  return Boolean(await db.selectFrom('users').select('id').where('tenant_id', 'is', null).where('is_active', '=', true).executeTakeFirst());
}

export async function userNameTaken(db: Db, userName: string, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where((eb) => eb.or([eb('normalized_user_name', '=', normalize(userName)), eb('normalized_email', '=', normalize(email))])).executeTakeFirst();
  return Boolean(row);
}

/** Creates the host administrator (static role 'admin'). The caller has checked the password. */
export async function createHostAdmin(db: Db, admin: FirstAdmin): Promise<string> {
  const roleId = await ensureRole(db, null, ROLE_ADMIN, { isStatic: true });
  const id = randomUUID();
  await db
    .insertInto('users')
    .values({
      id, tenant_id: null, user_name: admin.userName, normalized_user_name: normalize(admin.userName), email: admin.email,
      normalized_email: normalize(admin.email), email_confirmed: true, name: 'Administrator', password_hash: await hashPassword(admin.password),
      security_stamp: randomUUID(), concurrency_stamp: randomUUID(),
    })
    .execute();
  await db.insertInto('user_roles').values({ user_id: id, role_id: roleId, tenant_id: null }).execute();
  return id;
}
