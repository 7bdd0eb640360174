import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { readSettings } from '../settings/settings';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './passwords';
import { findUserForSignIn } from './user-records';
import { countFailure, forgetPair, loginKey, throttleState, type LockoutRule } from './sign-in-throttle';
import { tenantIsAvailable } from '../multitenancy/tenant-state';

/**
 * The lockout rule of a tenant (settings Abp.Identity.Lockout.*; ABP's defaults: 5 failed attempts
 * lock for 300 seconds). `userEnabled` is the user's own LockoutEnabled; a name that is nobody's
 * gets what a new user would (AllowedForNewUsers), so it behaves like an account.
 */
export async function lockoutRule(db: Db, tenantId: string | null, userEnabled?: boolean): Promise<LockoutRule> {
  const settings = await readSettings(db, tenantId);
  const whole = (value: string, min: number, fallback: number) => (Number.isInteger(Number(value)) && Number(value) >= min ? Number(value) : fallback);
  return {
    enabled: userEnabled ?? settings['Abp.Identity.Lockout.AllowedForNewUsers'] !== 'false',
    maxFailedAttempts: whole(settings['Abp.Identity.Lockout.MaxFailedAccessAttempts'], 1, 5),
    durationSeconds: whole(settings['Abp.Identity.Lockout.LockoutDuration'], 0, 300),
  };
}

export type SignInResult =
  | {
      ok: true;
      userId: string;
      tenantId: string | null;
      userName: string;
      email: string;
      twoFactor: boolean;
      /** The login reached its account-wide ceiling (attack from many addresses): a mailed code is needed too. */
      stepUp?: boolean;
    }
  | {
      ok: false;
      /**
       * 'invalid' and 'throttled' are all a caller may tell apart before the password was right:
       * they come the same way for a name that is nobody's. 'locked' (an administrator's lock) and
       * 'inactive' come only after the right password.
       */
      reason: 'invalid' | 'throttled' | 'locked' | 'inactive';
      userId?: string;
      tenantId?: string | null;
      lockoutEnd?: Date;
      /** 'throttled': this attempt was counted and earned the lock (it is also a failure to log). */
      counted?: boolean;
    };

/**
 * What a user an administrator locked is told (after the right password only): who locked it and
 * whom to ask, never the failed-attempts lockout's "try again in N minutes". A tenant's user asks
 * their organisation's administrator; a user of the provider's own organisation, the provider.
 */
export const adminLockKey = (tenantId: string | null | undefined): string => (tenantId ? 'signIn.errors.lockedByTenantAdmin' : 'signIn.errors.lockedByProvider');

const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/**
 * Checks a user name, email or phone number and a password from a client address. Failures are
 * counted per (login, address) and per login (server/identity/sign-in-throttle.ts); an unknown name
 * goes through the same counting and a decoy hash check, so answers and timing do not tell it apart.
 */
export async function signInWithPassword(db: Db, login: string, password: string, address: string): Promise<SignInResult> {
  const key = loginKey(login);
  const user = login.trim() ? await findUserForSignIn(db, login) : undefined;
  const rule = await lockoutRule(db, user ? user.tenant_id : null, user?.lockout_enabled);
  const ids = user ? { userId: user.id, tenantId: user.tenant_id } : {};
  const state = await throttleState(db, key, address);
  if (rule.enabled && state.pairLockedUntil) return { ok: false, reason: 'throttled', lockoutEnd: state.pairLockedUntil, ...ids };

  const valid = (await verifyPassword(password, user?.password_hash ?? (await decoyHash()))) && user !== undefined;
  if (!valid || !user) {
    const after = await countFailure(db, key, address, rule);
    // ABP's count, shown to administrators; the lock itself lives in the throttle.
    if (user) await db.updateTable('users').set((eb) => ({ access_failed_count: eb('access_failed_count', '+', 1) })).where('id', '=', user.id).execute();
    const until = later(after.pairLockedUntil, after.accountLockedUntil);
    return until ? { ok: false, reason: 'throttled', lockoutEnd: until, counted: true, ...ids } : { ok: false, reason: 'invalid', ...ids };
  }

  const now = new Date();
  if (user.lockout_enabled && user.lockout_end && new Date(user.lockout_end) > now) {
    return { ok: false, reason: 'locked', lockoutEnd: new Date(user.lockout_end), ...ids };
  }
  const result = await admit(db, user, now);
  if (!result.ok) return result;
  await forgetPair(db, key, address);
  if (needsRehash(user.password_hash)) await rehash(db, user.id, user.password_hash, password);
  return { ...result, stepUp: rule.enabled && state.accountLockedUntil !== null };
}

/**
 * Replaces a hash of an older algorithm or weaker parameters (scrypt before decision 054) with
 * today's, now that the password is known: no one has to reset. Only if the hash is still the one
 * that was checked (a password changed meanwhile wins), and its copy in the password history too,
 * so the history does not hold the same password twice.
 */
async function rehash(db: Db, userId: string, old: string, password: string): Promise<void> {
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const done = await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).where('password_hash', '=', old).executeTakeFirst();
    if (done.numUpdatedRows > 0n) await trx.updateTable('user_password_history').set({ password_hash: hash }).where('user_id', '=', userId).where('password_hash', '=', old).execute();
  });
}

type SignInUser = NonNullable<Awaited<ReturnType<typeof findUserForSignIn>>>;

/** The checks after the credentials were right: an inactive user, or one of a tenant that is inactive, expired or deleted (server/tenancy), may not sign in. */
export async function admit(db: Db, user: SignInUser, now: Date): Promise<SignInResult> {
  const ids = { userId: user.id, tenantId: user.tenant_id };
  if (!user.is_active || !(await tenantIsAvailable(db, user.tenant_id))) return { ok: false, reason: 'inactive', ...ids };
  await db
    .updateTable('users')
    .set({ access_failed_count: 0, last_sign_in_time: now, concurrency_stamp: randomUUID() })
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
