import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { AbpError, notFound } from '../../http/errors';
import { hitRateLimit } from '../../http/rate-limit';
import { translate } from '../../localization/texts';
import { AUTHENTICATED } from '../../permissions/guard';
import { verifyPassword } from '../passwords';
import { setPassword } from '../set-password';
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
    await setPassword(db, request, user, input.newPassword, false);
    return reply.status(204).send();
  });
}
