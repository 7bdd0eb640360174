import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { passwordProblems } from '../../common/password-policy';
import { ROLE_ADMIN } from '../../common/roles';
import { hashPassword } from '../identity/passwords';
import { normalize } from '../identity/user-records';
import { ensureRole } from './static-roles';
import { DEMO_PASSWORD } from './demo';
import { dropSetupToken, ensureSetupToken } from './setup-token';

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

/**
 * A production install starts with no users. When ADMIN_PASSWORD is set and no host user exists
 * yet, the host administrator is created with it (user name ADMIN_USERNAME, default 'admin').
 * Without it a one-time setup token is made (server/seed/setup-token.ts): the start-up banner
 * prints the setup link, never a fixed password. Returns what happened, for the banner.
 */
export async function ensureFirstAdmin(db: Db, opts: FirstAdmin): Promise<'exists' | 'created' | 'missing'> {
  if (await hostUserExists(db)) {
    await dropSetupToken(db);
    return 'exists';
  }
  if (!opts.password) {
    await ensureSetupToken(db);
    return 'missing';
  }
  const problems = passwordProblems(opts.password);
  if (problems.length) throw new Error(`ADMIN_PASSWORD does not meet the password policy (${problems.map((p) => p.key).join(', ')})`);
  if (opts.password === DEMO_PASSWORD) throw new Error('ADMIN_PASSWORD must not be the published demo password');
  if (await userNameTaken(db, opts.userName, opts.email)) throw new Error(`ADMIN_USERNAME '${opts.userName}' or ADMIN_EMAIL is taken by an inactive account (the demo administrator?): choose others`);
  await createHostAdmin(db, opts);
  await dropSetupToken(db);
  return 'created';
}
