import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { notFound } from '../http/errors';
import { translate } from '../localization/texts';

/** The signed-in carer's own user row (active, not deleted), in the caller's tenant; 404 otherwise. */
export async function callerAccount(db: Db, request: FastifyRequest) {
  const principal = request.principal!;
  const user = await db
    .selectFrom('users')
    .select(['id', 'tenant_id', 'user_name', 'email', 'name', 'surname', 'phone_number', 'password_hash', 'last_password_change_time', 'last_sign_in_time', 'concurrency_stamp'])
    .where('id', '=', principal.userId)
    .where(principal.tenantId === null ? (eb) => eb('tenant_id', 'is', null) : (eb) => eb('tenant_id', '=', principal.tenantId))
    .where('is_deleted', '=', false)
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (!user) throw notFound(translate('errors.userNotFound', request.language));
  return user;
}

export type CallerAccount = Awaited<ReturnType<typeof callerAccount>>;
