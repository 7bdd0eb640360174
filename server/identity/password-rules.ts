import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { passwordProblems, type PasswordRules } from '../../common/password-policy';
import type { Db } from '../db/database';
import type { ValidationError } from '../http/errors';
import { translate } from '../localization/texts';
import { readSettings } from '../settings/settings';
import { verifyPassword } from './passwords';
import { invalid, problem } from './validation';

/**
 * The password rules of a tenant: the shared rule (common/password-policy.ts) with the lengths and
 * character classes of the settings Abp.Identity.Password.*, and how many previous passwords a new
 * one must differ from (PreviousPasswordsToRemember, default 5; 0 turns the check off).
 */
export interface PasswordPolicy {
  rules: PasswordRules;
  remember: number;
}

export async function passwordPolicyFor(db: Db, tenantId: string | null): Promise<PasswordPolicy> {
  const s = await readSettings(db, tenantId);
  const flag = (value: string) => value.toLowerCase() !== 'false';
  const count = (value: string, fallback: number) => (Number.isInteger(Number(value)) && Number(value) >= 0 ? Number(value) : fallback);
  return {
    rules: {
      requiredLength: count(s['Abp.Identity.Password.RequiredLength'], 10),
      requireDigit: flag(s['Abp.Identity.Password.RequireDigit']),
      requireLowercase: flag(s['Abp.Identity.Password.RequireLowercase']),
      requireUppercase: flag(s['Abp.Identity.Password.RequireUppercase']),
      requireNonAlphanumeric: flag(s['Abp.Identity.Password.RequireNonAlphanumeric']),
    },
    remember: Math.min(count(s['Abp.Identity.Password.PreviousPasswordsToRemember'], 5), 24),
  };
}

/** The password's problems as validation errors of one member (one entry per broken rule). */
export function passwordErrors(password: string, rules: PasswordRules, member: string, lang: string): ValidationError[] {
  return passwordProblems(password, rules).map((p) => ({ members: [member], message: translate(`validation:${p.key}`, lang, p.values ?? {}) }));
}

/**
 * Refuses (400) a password equal to the user's current one or one of their last `remember`
 * passwords. Hashes are compared one by one, newest first (each check is deliberately slow).
 */
export async function assertNotReused(db: Db, userId: string, password: string, policy: PasswordPolicy, member: string, lang: string): Promise<void> {
  if (policy.remember === 0) return;
  const current = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  const history = await db
    .selectFrom('user_password_history')
    .select('password_hash')
    .where('user_id', '=', userId)
    .orderBy('creation_time', 'desc')
    .orderBy('id')
    .limit(policy.remember)
    .execute();
  const hashes = [...new Set([current?.password_hash, ...history.map((h) => h.password_hash)].filter((h): h is string => Boolean(h)))].slice(0, policy.remember);
  for (const hash of hashes) {
    if (await verifyPassword(password, hash)) throw invalid(lang, [problem(member, 'validation:passwordReused', lang)]);
  }
}

/**
 * Keeps a newly set password in the user's history, and only as many as are remembered. The
 * password it replaces is kept first when the history lacks it (users seeded, made by a fixture or
 * before the history existed): otherwise changing A to B and back to A would pass.
 */
export async function rememberPassword(trx: Db, userId: string, hash: string, remember: number, replacedHash?: string): Promise<void> {
  if (replacedHash) {
    const known = await trx.selectFrom('user_password_history').select('id').where('user_id', '=', userId).where('password_hash', '=', replacedHash).executeTakeFirst();
    // Just before the new one, by the database's clock (now() is the transaction's start).
    if (!known) await trx.insertInto('user_password_history').values({ id: randomUUID(), user_id: userId, password_hash: replacedHash, creation_time: sql<Date>`now() - interval '1 millisecond'` }).execute();
  }
  await trx.insertInto('user_password_history').values({ id: randomUUID(), user_id: userId, password_hash: hash, creation_time: sql<Date>`now()` }).execute();
  const keep = trx
    .selectFrom('user_password_history')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('creation_time', 'desc')
    .orderBy('id')
    .limit(Math.max(remember, 1));
  await trx.deleteFrom('user_password_history').where('user_id', '=', userId).where('id', 'not in', keep).execute();
}
