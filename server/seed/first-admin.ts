import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { passwordProblems } from '../../common/password-policy';
import { ROLE_ADMIN } from '../../common/roles';
import { hashPassword } from '../identity/passwords';
import { normalize } from '../identity/users';
import { ensureRole } from './static-roles';

/**
 * A production install starts with no users. When ADMIN_PASSWORD is set and no host user exists
 * yet, the host administrator is created with it (user name ADMIN_USERNAME, default 'admin').
 * Returns what happened, for the start-up message.
 */
export async function ensureFirstAdmin(db: Db, opts: { userName: string; email: string; password: string }): Promise<'exists' | 'created' | 'missing'> {
  const host = await db.selectFrom('users').select('id').where('tenant_id', 'is', null).executeTakeFirst();
  if (host) return 'exists';
  if (!opts.password) return 'missing';
  const problems = passwordProblems(opts.password);
  if (problems.length) throw new Error(`ADMIN_PASSWORD does not meet the password policy (${problems.map((p) => p.key).join(', ')})`);
  const roleId = await ensureRole(db, null, ROLE_ADMIN, { isStatic: true });
  const id = randomUUID();
  await db
    .insertInto('users')
    .values({
      id, tenant_id: null, user_name: opts.userName, normalized_user_name: normalize(opts.userName), email: opts.email,
      normalized_email: normalize(opts.email), email_confirmed: true, name: 'Administrator', password_hash: await hashPassword(opts.password),
      security_stamp: randomUUID(), concurrency_stamp: randomUUID(),
    })
    .execute();
  await db.insertInto('user_roles').values({ user_id: id, role_id: roleId, tenant_id: null }).execute();
  return 'created';
}
