import { randomBytes } from 'node:crypto';
import { PASSWORD_MAX, passwordProblems, type PasswordRules } from '../../common/password-policy';
import type { Db } from '../db/database';
import { AbpError } from '../http/errors';
import { isUuid } from '../http/uuid';
import { passwordPolicyFor } from './password-rules';
import { writeSecurityLog } from './security-log';
import { checkNewPassword, storePassword } from './set-password';
import { findUserForSignIn } from './user-records';

/** A refusal the operator reads (no such user, a password the rules refuse). */
export class OperatorRefusal extends Error {}

/**
 * A random password the tenant's rules accept: base64url characters (letters of both cases,
 * digits, '-' and '_'), at least 24 of them (about 144 bits), drawn again until every required
 * kind of character is in.
 */
export function randomPassword(rules: PasswordRules): string {
  const length = Math.min(Math.max(24, rules.requiredLength), PASSWORD_MAX);
  for (;;) {
    const candidate = randomBytes(length).toString('base64url').slice(0, length);
    if (passwordProblems(candidate, rules).length === 0) return candidate;
  }
}

export interface OperatorReset {
  userName: string;
  tenantId: string | null;
  /** The password made up for the user, when none was given: shown once, stored nowhere. */
  generated?: string;
  /** What still keeps the user out, for the operator to know. */
  notes: ('inactive' | 'locked')[];
}

/**
 * The operator's way back in (`npm run admin -- reset-password`): sets a new password for the user
 * named by user name, e-mail address or id, under the tenant's password rules and history, ends
 * every session of the user, forgets failed sign-ins and writes a 'PasswordReset' security log
 * entry. Without `chosen`, makes up a random password and returns it.
 */
export async function resetPasswordByOperator(db: Db, login: string, chosen?: string): Promise<OperatorReset> {
  const user = isUuid(login.trim())
    ? await db.selectFrom('users').selectAll().where('id', '=', login.trim()).where('is_deleted', '=', false).executeTakeFirst()
    : await findUserForSignIn(db, login);
  if (!user) throw new OperatorRefusal(`There is no user "${login}" (give a user name, an e-mail address or a user id).`);
  const password = chosen ?? randomPassword((await passwordPolicyFor(db, user.tenant_id)).rules);
  const checked = await checkNewPassword(db, user, password, 'en', 'password').catch((err: unknown) => {
    const problems = err instanceof AbpError ? err.extra.validationErrors : undefined;
    throw problems ? new OperatorRefusal(`The password was refused: ${problems.map((p) => p.message).join('; ')}.`) : err;
  });
  await db.transaction().execute((trx) => storePassword(trx, user.id, checked, { reset: true }));
  await writeSecurityLog(db, { action: 'PasswordReset', userId: user.id, userName: user.user_name, tenantId: user.tenant_id, extra: { by: 'operator' } });
  const notes: OperatorReset['notes'] = [];
  if (!user.is_active) notes.push('inactive');
  if (user.lockout_enabled && user.lockout_end && new Date(user.lockout_end) > new Date()) notes.push('locked');
  return { userName: user.user_name, tenantId: user.tenant_id, ...(chosen === undefined ? { generated: password } : {}), notes };
}
