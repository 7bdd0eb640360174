import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { writeAuditLog } from '../../audit/audit-log';
import type { Db } from '../../db/database';
import { AbpError, notFound } from '../../http/errors';
import { hitRateLimit } from '../../http/rate-limit';
import { translate } from '../../localization/texts';
import { AUTHENTICATED } from '../../permissions/guard';
import { describeChange } from '../../audit/entity-change';
import { hashPassword, verifyPassword } from '../passwords';
import { assertNotReused, passwordErrors, passwordPolicyFor, rememberPassword } from '../password-rules';
import { writeSecurityLog } from '../security-log';
import { readChangePassword } from '../users/bodies';
import { invalid, problem } from '../validation';

/** Wrong current passwords a signed-in user may send in the window before waiting. */
const ATTEMPTS = 10;
const WINDOW_SECONDS = 300;

/**
 * POST /api/account/my-profile/change-password: the signed-in user changes their own password,
 * proving the current one. The new one follows the tenant's password rules and differs from the
 * last remembered ones; the change leaves a 'ChangePassword' security log entry. Attempts are
 * limited per user, so a stolen session cannot guess the current password.
 */
export async function changePasswordRoute(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  app.post('/api/account/my-profile/change-password', { config: { policy: AUTHENTICATED } }, async (request, reply) => {
    const lang = request.language;
    const principal = request.principal!;
    const input = readChangePassword(request.body, lang);
    const user = await db
      .selectFrom('users')
      .select(['id', 'tenant_id', 'user_name', 'password_hash', 'last_password_change_time'])
      .where('id', '=', principal.userId)
      .where('is_deleted', '=', false)
      .where('is_active', '=', true)
      .executeTakeFirst();
    if (!user) throw notFound(translate('errors.userNotFound', lang));

    const limit = await hitRateLimit(db, `changepw:user:${user.id}`, ATTEMPTS, WINDOW_SECONDS);
    if (!limit.allowed) {
      reply.header('retry-after', String(limit.retryAfter));
      throw new AbpError(429, translate('errors.tooManyRequests', lang), { code: 'Vigil:TooManyRequests' });
    }
    if (!(await verifyPassword(input.currentPassword, user.password_hash))) throw invalid(lang, [problem('currentPassword', 'identity.currentPasswordWrong', lang)]);
    const policy = await passwordPolicyFor(db, user.tenant_id);
    const problems = passwordErrors(input.newPassword, policy.rules, 'newPassword', lang);
    if (problems.length) throw invalid(lang, problems);
    await assertNotReused(db, user.id, input.newPassword, policy, 'newPassword', lang);

    const hash = await hashPassword(input.newPassword);
    const changedAt = new Date();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: hash, security_stamp: randomUUID(), concurrency_stamp: randomUUID(), last_password_change_time: changedAt })
        .where('id', '=', user.id)
        .execute();
      await rememberPassword(trx, user.id, hash, policy.remember);
      await writeAuditLog(trx, request, { status: 204, entityChanges: [describeChange('IdentityUser', user.id, { lastPasswordChangeTime: user.last_password_change_time }, { lastPasswordChangeTime: changedAt })] });
    });
    await writeSecurityLog(db, {
      action: 'ChangePassword',
      userId: user.id,
      userName: user.user_name,
      tenantId: user.tenant_id,
      clientId: principal.clientId,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
    return reply.status(204).send();
  });
}
