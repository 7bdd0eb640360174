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
import { invalid, problem } from './validation';

export interface PasswordOwner {
  id: string;
  tenant_id: string | null;
  user_name: string;
  last_password_change_time: Date | null;
}

/**
 * Sets a user's password, by the user or by an administrator: the tenant's password rules, no
 * reuse of a remembered password, the history, an audit entry and a 'ChangePassword' security log.
 * An administrator's reset also clears failed attempts and ends the user's sessions (the old
 * password may be known to someone else).
 */
export async function setPassword(db: Db, request: FastifyRequest, user: PasswordOwner, newPassword: string, byAdministrator: boolean): Promise<void> {
  const lang = request.language;
  const policy = await passwordPolicyFor(db, user.tenant_id);
  const problems = passwordErrors(newPassword, policy.rules, 'newPassword', lang);
  if (problems.length) throw invalid(lang, problems);
  await assertNotReused(db, user.id, newPassword, policy, 'newPassword', lang);

  const hash = await hashPassword(newPassword);
  const changedAt = new Date();
  await db.transaction().execute(async (trx) => {
    const replaced = await trx.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirst();
    await trx
      .updateTable('users')
      .set({
        password_hash: hash,
        security_stamp: randomUUID(),
        concurrency_stamp: randomUUID(),
        last_password_change_time: changedAt,
        ...(byAdministrator ? { access_failed_count: 0 } : {}),
      })
      .where('id', '=', user.id)
      .execute();
    await rememberPassword(trx, user.id, hash, policy.remember, replaced?.password_hash);
    // A new password ends every other sign-in; the user stays signed in where they changed it.
    await endSessions(trx, user.id, byAdministrator ? null : request.principal?.grantId);
    await writeAuditLog(trx, request, {
      status: 204,
      entityChanges: [describeChange('IdentityUser', user.id, { lastPasswordChangeTime: user.last_password_change_time }, { lastPasswordChangeTime: changedAt })],
    });
  });
  await writeSecurityLog(db, {
    action: 'ChangePassword',
    userId: user.id,
    userName: user.user_name,
    tenantId: user.tenant_id,
    clientId: request.principal?.clientId ?? null,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    ...(byAdministrator ? { extra: { changedBy: request.principal?.userId ?? null, changedByUserName: request.principal?.userName ?? null } } : {}),
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
  await setPassword(db, request, user, input.newPassword, false);
}
