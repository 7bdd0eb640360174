import type { Db } from '../db/database';
import { translate } from '../localization/texts';
import { ABP_ERROR_RESPONSE, notFound } from '../http/errors';
import { AUTHENTICATED } from '../permissions/guard';
import type { Api } from '../http/route-schemas';
import { findUserSummary } from './user-records';
import { CURRENT_USER } from './overviews/route-schemas';

/** GET /api/app/user-overviews/current: the signed-in user's own overview. */
export async function userOverviewRoutes(app: Api, opts: { db: Db }) {
  app.get(
    '/api/app/user-overviews/current',
    { config: { policy: AUTHENTICATED }, schema: { tags: ['user-overviews'], summary: "The signed-in user's own overview", response: { 200: CURRENT_USER, 404: ABP_ERROR_RESPONSE } } }, async (request) => {
    const user = await findUserSummary(opts.db, request.principal!.userId);
    if (!user) throw notFound(translate('errors.userNotFound', request.language));
    return {
      id: user.id,
      userName: user.userName,
      name: user.name,
      surname: user.surname,
      email: user.email,
      emailConfirmed: user.emailConfirmed,
      phoneNumber: user.phoneNumber,
      tenantId: user.tenantId,
      tenantName: user.tenantName,
      roles: user.roles,
    };
    },
  );
}
