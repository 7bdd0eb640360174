import type { Db } from '../../db/database';
import { admit, type SignInResult } from '../sign-in';

/**
 * After a passkey proved who is signing in: the same checks as after a right password (an
 * administrator's lock, an inactive user, an inactive, expired or deleted tenant), so a passkey
 * gets no one past them.
 */
export async function admitPasskeyUser(db: Db, userId: string): Promise<SignInResult> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).where('is_deleted', '=', false).executeTakeFirst();
  if (!user) return { ok: false, reason: 'invalid' };
  const now = new Date();
  if (user.lockout_enabled && user.lockout_end && new Date(user.lockout_end) > now) {
    return { ok: false, reason: 'locked', lockoutEnd: new Date(user.lockout_end), userId: user.id, tenantId: user.tenant_id };
  }
  return admit(db, user, now);
}
