import type { Db } from '../../db/database';
import { ABP_ERROR_RESPONSE, notFound } from '../../http/errors';
import { type Api, NO_CONTENT } from '../../http/route-schemas';
import { translate } from '../../localization/texts';
import { AUTHENTICATED } from '../../permissions/guard';
import { changeOwnPassword } from '../set-password';
import { CHANGE_PASSWORD_BODY } from '../users/bodies';

/**
 * POST /api/account/my-profile/change-password: the signed-in user changes their own password,
 * proving the current one. The new one follows the tenant's password rules and differs from the
 * last remembered ones; the change leaves a 'ChangePassword' security log entry. Attempts are
 * limited per user, so a stolen session cannot guess the current password.
 */
export async function changePasswordRoute(app: Api, opts: { db: Db }) {
  const { db } = opts;

  app.post(
    '/api/account/my-profile/change-password',
    {
      config: { policy: AUTHENTICATED },
      schema: {
        tags: ['account'],
        summary: "Change the signed-in user's password",
        body: CHANGE_PASSWORD_BODY,
        // 404: the user is gone; 429: too many attempts (Retry-After).
        response: { ...NO_CONTENT, 404: ABP_ERROR_RESPONSE, 429: ABP_ERROR_RESPONSE },
      },
    },
    async (request, reply) => {
    const lang = request.language;
    const principal = request.principal!;
    const input = request.body;
    const user = await db
      .selectFrom('users')
      .select(['id', 'tenant_id', 'user_name', 'password_hash', 'last_password_change_time'])
      .where('id', '=', principal.userId)
      .where('is_deleted', '=', false)
      .where('is_active', '=', true)
      .executeTakeFirst();
    if (!user) throw notFound(translate('errors.userNotFound', lang));

    await changeOwnPassword(db, request, user, input, (retryAfter) => reply.header('retry-after', String(retryAfter)));
    return reply.status(204).send();
  });
}
