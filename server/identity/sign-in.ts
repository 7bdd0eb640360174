import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { readSettings } from '../settings/settings';
import { decoyHash, verifyPassword } from './passwords';
import { findUserForSignIn } from './users';
import { tenantIsAvailable } from '../tenancy/tenant-state';

/**
 * The lockout rule of the user's tenant (settings Abp.Identity.Lockout.*; ABP's defaults: 5 failed
 * attempts lock the account for 300 seconds).
 */
export async function lockoutRule(db: Db, tenantId: string | null): Promise<{ maxFailedAttempts: number; durationSeconds: number }> {
  const settings = await readSettings(db, tenantId);
  const whole = (value: string, min: number, fallback: number) => (Number.isInteger(Number(value)) && Number(value) >= min ? Number(value) : fallback);
  return {
    maxFailedAttempts: whole(settings['Abp.Identity.Lockout.MaxFailedAccessAttempts'], 1, 5),
    durationSeconds: whole(settings['Abp.Identity.Lockout.LockoutDuration'], 0, 300),
  };
}

export type SignInResult =
  | { ok: true; userId: string; tenantId: string | null; userName: string; email: string; twoFactor: boolean }
  | { ok: false; reason: 'invalid' | 'locked' | 'inactive'; userId?: string; tenantId?: string | null; lockoutEnd?: Date };

/**
 * Checks a user name or email and a password. Every wrong password counts against lockout; an
 * unknown name costs the same time as a known one so it cannot be told apart.
 */
export async function signInWithPassword(db: Db, login: string, password: string): Promise<SignInResult> {
  const user = login.trim() ? await findUserForSignIn(db, login) : undefined;
  if (!user) {
    await verifyPassword(password, await decoyHash());
    return { ok: false, reason: 'invalid' };
  }
  const ids = { userId: user.id, tenantId: user.tenant_id };
  const now = new Date();
  if (user.lockout_enabled && user.lockout_end && new Date(user.lockout_end) > now) {
    return { ok: false, reason: 'locked', lockoutEnd: new Date(user.lockout_end), ...ids };
  }
  const valid = await verifyPassword(password, user.password_hash);
  if (!valid) {
    if (!user.lockout_enabled) return { ok: false, reason: 'invalid', ...ids };
    const rule = await lockoutRule(db, user.tenant_id);
    const failed = user.access_failed_count + 1;
    const locks = failed >= rule.maxFailedAttempts;
    const lockoutEnd = locks ? new Date(now.getTime() + rule.durationSeconds * 1000) : null;
    await db
      .updateTable('users')
      .set({ access_failed_count: locks ? 0 : failed, ...(locks ? { lockout_end: lockoutEnd } : {}) })
      .where('id', '=', user.id)
      .execute();
    return locks ? { ok: false, reason: 'locked', lockoutEnd: lockoutEnd!, ...ids } : { ok: false, reason: 'invalid', ...ids };
  }
  return admit(db, user, now);
}

type SignInUser = NonNullable<Awaited<ReturnType<typeof findUserForSignIn>>>;

/** The checks after the credentials were right: an inactive user, or one of a tenant that is inactive, expired or deleted (server/tenancy), may not sign in. */
async function admit(db: Db, user: SignInUser, now: Date): Promise<SignInResult> {
  const ids = { userId: user.id, tenantId: user.tenant_id };
  if (!user.is_active || !(await tenantIsAvailable(db, user.tenant_id))) return { ok: false, reason: 'inactive', ...ids };
  await db
    .updateTable('users')
    .set({ access_failed_count: 0, lockout_end: null, last_sign_in_time: now, concurrency_stamp: randomUUID() })
    .where('id', '=', user.id)
    .execute();
  return { ok: true, userId: user.id, tenantId: user.tenant_id, userName: user.user_name, email: user.email, twoFactor: user.two_factor_enabled };
}

/**
 * Signs in a user through an external login (MitID) already verified by its provider: the same
 * lockout and activity checks as a password sign-in; 'invalid' when no user is linked to it.
 */
export async function signInWithExternalLogin(db: Db, provider: string, subject: string): Promise<SignInResult> {
  const link = await db.selectFrom('external_logins').select('user_id').where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
  const user = link && (await db.selectFrom('users').selectAll().where('id', '=', link.user_id).where('is_deleted', '=', false).executeTakeFirst());
  if (!user) return { ok: false, reason: 'invalid' };
  const now = new Date();
  if (user.lockout_enabled && user.lockout_end && new Date(user.lockout_end) > now) {
    return { ok: false, reason: 'locked', lockoutEnd: new Date(user.lockout_end), userId: user.id, tenantId: user.tenant_id };
  }
  const result = await admit(db, user, now);
  if (result.ok) await db.updateTable('external_logins').set({ last_used_time: now }).where('provider', '=', provider).where('subject', '=', subject).execute();
  return result;
}
