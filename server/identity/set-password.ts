import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { writeAuditLog } from '../audit/audit-log';
import { describeChange } from '../audit/entity-change';
import type { Db } from '../db/database';
import { hitRateLimit, tooManyRequests } from '../http/rate-limit';
import { endSessions } from './grant-revocation';
import { hashPassword, verifyPassword } from './passwords';
import { assertNotReused, passwordErrors, passwordPolicyFor, rememberPassword } from './password-rules';
import { writeSecurityLog } from './security-log';
import { PASSWORD_MIN_EDITS, tooSimilarPassword } from '../../common/password-policy';
import { forgetLogins } from './sign-in-throttle';
import { invalid, problem } from './validation';

export interface PasswordOwner {
  id: string;
  tenant_id: string | null;
  user_name: string;
  last_password_change_time: Date | null;
}

/** A new password that met the tenant's rules and differs from the remembered ones, hashed. */
export interface CheckedPassword {
  hash: string;
  /** How many passwords the tenant remembers (the history kept after storing). */
  remember: number;
}

/**
 * Checks a new password against the tenant's password rules and the user's remembered passwords
 * (400 naming `member`, in `lang`), and hashes it.
 */
export async function checkNewPassword(db: Db, user: { id: string; tenant_id: string | null }, password: string, lang: string, member = 'newPassword'): Promise<CheckedPassword> {
  const policy = await passwordPolicyFor(db, user.tenant_id);
  const problems = passwordErrors(password, policy.rules, member, lang);
  if (problems.length) throw invalid(lang, problems);
  await assertNotReused(db, user.id, password, policy, member, lang);
  return { hash: await hashPassword(password), remember: policy.remember };
}

/**
 * Stores a checked password in the caller's transaction: new security and concurrency stamps (the
 * stamp voids mailed reset links), the history, and every sign-in ended but `keepGrantId`'s. A
 * reset (an administrator's, a mailed link's, the operator's) also forgets failed sign-ins: they
 * were guesses of the old password. Returns the time of the change.
 */
export async function storePassword(trx: Db, userId: string, checked: CheckedPassword, opts: { keepGrantId?: string | null; reset: boolean }): Promise<Date> {
  const changedAt = new Date();
  const replaced = await trx.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  const names = await trx
    .updateTable('users')
    .set({
      password_hash: checked.hash,
      security_stamp: randomUUID(),
      concurrency_stamp: randomUUID(),
      last_password_change_time: changedAt,
      ...(opts.reset ? { access_failed_count: 0 } : {}),
    })
    .where('id', '=', userId)
    .returning(['normalized_user_name', 'normalized_email', 'phone_number', 'phone_number_login_enabled'])
    .executeTakeFirst();
  await rememberPassword(trx, userId, checked.hash, checked.remember, replaced?.password_hash);
  await endSessions(trx, userId, opts.keepGrantId);
  if (opts.reset && names) {
    await forgetLogins(trx, [names.normalized_user_name, names.normalized_email, ...(names.phone_number_login_enabled && names.phone_number ? [names.phone_number] : [])]);
  }
  return changedAt;
}

/**
 * Who sets the password: the signed-in user (keeps the sign-in that did it), an administrator, or
 * the holder of a mailed reset link. The last two end every sign-in of the user.
 */
export type PasswordSetter = 'user' | 'administrator' | 'reset-link';

/**
 * Sets a user's password from a request: the tenant's password rules, no reuse of a remembered
 * password, the history, an audit entry and a security log entry ('ChangePassword', or
 * 'PasswordReset' for a mailed link). `inTransaction` runs in the change's transaction first (a
 * reset link is spent there, so two requests with it cannot both pass).
 */
export async function setPassword(
  db: Db,
  request: FastifyRequest,
  user: PasswordOwner,
  newPassword: string,
  by: PasswordSetter,
  inTransaction?: (trx: Db) => Promise<void>,
): Promise<void> {
  const checked = await checkNewPassword(db, user, newPassword, request.language);
  await db.transaction().execute(async (trx) => {
    await inTransaction?.(trx);
    // A new password ends every other sign-in; the user stays signed in where they changed it.
    const changedAt = await storePassword(trx, user.id, checked, { keepGrantId: by === 'user' ? request.principal?.grantId : null, reset: by !== 'user' });
    await writeAuditLog(trx, request, {
      status: 204,
      entityChanges: [describeChange('IdentityUser', user.id, { lastPasswordChangeTime: user.last_password_change_time }, { lastPasswordChangeTime: changedAt })],
    });
  });
  await writeSecurityLog(db, {
    action: by === 'reset-link' ? 'PasswordReset' : 'ChangePassword',
    userId: user.id,
    userName: user.user_name,
    tenantId: user.tenant_id,
    clientId: request.principal?.clientId ?? null,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    ...(by === 'administrator' ? { extra: { changedBy: request.principal?.userId ?? null, changedByUserName: request.principal?.userName ?? null } } : {}),
    ...(by === 'reset-link' ? { extra: { by: 'mail' } } : {}),
  });
}

/** Wrong current passwords a signed-in user may send in the window before waiting. */
const CHANGE_ATTEMPTS = 10;
const CHANGE_WINDOW_SECONDS = 300;

/**
 * A signed-in user changes their own password, proving the current one (limited per user, so a
 * stolen session cannot guess it), then setPassword's rules. Used by /api/account/my-profile and
 * the caregiver's /api/plugandplay/profile/change-password.
 */
export async function changeOwnPassword(
  db: Db,
  request: FastifyRequest,
  user: PasswordOwner & { password_hash: string },
  input: { currentPassword: string; newPassword: string },
  onLimited: (retryAfter: number) => void,
): Promise<void> {
  const lang = request.language;
  const limit = await hitRateLimit(db, `changepw:user:${user.id}`, CHANGE_ATTEMPTS, CHANGE_WINDOW_SECONDS);
  if (!limit.allowed) {
    onLimited(limit.retryAfter);
    throw tooManyRequests(lang);
  }
  if (!(await verifyPassword(input.currentPassword, user.password_hash))) throw invalid(lang, [problem('currentPassword', 'identity.currentPasswordWrong', lang)]);
  // The same password again is refused by setPassword as reused, with that message.
  if (input.newPassword !== input.currentPassword && tooSimilarPassword(input.currentPassword, input.newPassword)) throw invalid(lang, [problem('newPassword', 'validation:passwordTooSimilar', lang, { count: PASSWORD_MIN_EDITS })]);
  await setPassword(db, request, user, input.newPassword, 'user');
}
