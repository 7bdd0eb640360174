import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { SignInThrottleTable } from './tables';
import { normalize, normalizePhone } from './user-records';

/**
 * Failed sign-ins counted per (login, client address) and per login, in the database so every API
 * node sees them (table sign_in_throttle, migration 018). The ABP lockout rule applies to each
 * (login, address) pair: an attacker's address locks only itself out of an account, never the
 * owner signing in elsewhere. The login as a whole has a ceiling ACCOUNT_FACTOR times higher
 * against attacks from many addresses; reaching it does not refuse the owner but asks a mailed
 * code after the right password (server/oidc/interaction-routes.ts).
 *
 * Rows are keyed by the login string as typed (normalized), not by account, so a name that belongs
 * to nobody is counted and answered exactly like one that does.
 */
export const ACCOUNT_FACTOR = 10;
/** Each further lockout of the same key doubles the span, up to this. */
export const MAX_LOCK_SECONDS = 24 * 3600;
/** A key with no failure for this long starts over (failures and the doubling). */
export const FORGET_AFTER_SECONDS = 24 * 3600;

export interface LockoutRule {
  /** ABP's per-user LockoutEnabled (Abp.Identity.Lockout.AllowedForNewUsers for a name that is nobody's). */
  enabled: boolean;
  maxFailedAttempts: number;
  durationSeconds: number;
}

export interface ThrottleState {
  pairLockedUntil: Date | null;
  accountLockedUntil: Date | null;
}


/** The login as the throttle keys it: a phone number without its spacing, anything else as user names are normalized. */
export function loginKey(login: string): string {
  const phone = normalizePhone(login.trim());
  return /^\+?[0-9]{4,16}$/.test(phone) ? phone : normalize(login);
}

const pairKey = (login: string, address: string) => `pair:${login}|${address}`;
const accountKey = (login: string) => `account:${login}`;

const lockedUntil = (row: SignInThrottleTable | undefined, now: Date) => (row?.locked_until && row.locked_until > now ? row.locked_until : null);

/** Current locks of a (login, address) pair and of the login (keys from loginKey). */
export async function throttleState(db: Db, login: string, address: string): Promise<ThrottleState> {
  const rows = await db.selectFrom('sign_in_throttle').selectAll().where('key', 'in', [pairKey(login, address), accountKey(login)]).execute();
  const now = new Date();
  return {
    pairLockedUntil: lockedUntil(rows.find((r) => r.key === pairKey(login, address)), now),
    accountLockedUntil: lockedUntil(rows.find((r) => r.key === accountKey(login)), now),
  };
}

/** Counts one failure on a key; at `max` failures the key is locked for span x 2^(earlier lockouts). */
async function countOn(db: Db, key: string, max: number, spanSeconds: number, now: Date): Promise<{ lockedUntil: Date | null; lockedNow: boolean }> {
  await db.insertInto('sign_in_throttle').values({ key, failures: 0, lockouts: 0, locked_until: null, last_failure: now }).onConflict((oc) => oc.column('key').doNothing()).execute();
  const row = await db.selectFrom('sign_in_throttle').selectAll().where('key', '=', key).forUpdate().executeTakeFirstOrThrow();
  const fresh = now.getTime() - row.last_failure.getTime() > FORGET_AFTER_SECONDS * 1000;
  const failures = (fresh ? 0 : row.failures) + 1;
  const lockouts = fresh ? 0 : row.lockouts;
  const locks = failures >= max;
  const until = locks ? new Date(now.getTime() + Math.min(spanSeconds * 2 ** lockouts, MAX_LOCK_SECONDS) * 1000) : lockedUntil(row, now);
  await db
    .updateTable('sign_in_throttle')
    .set({ failures: locks ? 0 : failures, lockouts: locks ? lockouts + 1 : lockouts, locked_until: until, last_failure: now })
    .where('key', '=', key)
    .execute();
  return { lockedUntil: until, lockedNow: locks };
}

/** Counts a failed sign-in of a login from an address; returns the locks in force after it. */
export async function countFailure(db: Db, login: string, address: string, rule: LockoutRule): Promise<ThrottleState & { lockedNow: boolean }> {
  if (!rule.enabled) return { pairLockedUntil: null, accountLockedUntil: null, lockedNow: false };
  const now = new Date();
  const [pair, account] = await db.transaction().execute(async (trx) => [
    await countOn(trx, pairKey(login, address), rule.maxFailedAttempts, rule.durationSeconds, now),
    await countOn(trx, accountKey(login), rule.maxFailedAttempts * ACCOUNT_FACTOR, rule.durationSeconds, now),
  ]);
  // Now and then, rows nobody has failed on for a day and that hold no lock go.
  if (Math.random() < 0.01) await sweepThrottle(db);
  return { pairLockedUntil: pair.lockedUntil, accountLockedUntil: account.lockedUntil, lockedNow: pair.lockedNow || account.lockedNow };
}

/** A right password from an address clears that pair's count; the login's ceiling keeps counting. */
export async function forgetPair(db: Db, login: string, address: string): Promise<void> {
  await db.deleteFrom('sign_in_throttle').where('key', '=', pairKey(login, address)).execute();
}

/** Every count and lock of these logins, from every address (an administrator's unlock). */
export async function forgetLogins(db: Db, logins: readonly string[]): Promise<void> {
  const keys = [...new Set(logins.filter(Boolean))];
  if (keys.length === 0) return;
  await db
    .deleteFrom('sign_in_throttle')
    .where((eb) => eb.or(keys.flatMap((login) => [eb('key', '=', accountKey(login)), eb(sql<boolean>`starts_with(key, ${`pair:${login}|`})`, '=', true)])))
    .execute();
}

export async function sweepThrottle(db: Db): Promise<void> {
  const before = new Date(Date.now() - FORGET_AFTER_SECONDS * 1000);
  await db
    .deleteFrom('sign_in_throttle')
    .where('last_failure', '<', before)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', new Date())]))
    .execute();
}
