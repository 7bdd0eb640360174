import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { notFound, unauthorized } from '../http/errors';
import { translate } from '../localization/texts';
import { isUuid } from '../http/uuid';

/**
 * Whose devices a request works on: the signed-in user's own, in the user's own tenant. Every
 * query of this module starts from ownDevices, so another caregiver's device (or another
 * tenant's) is simply not there: a 404, never a 403 that would tell it exists.
 */
export interface Owner {
  userId: string;
  tenantId: string | null;
}

export function ownerOf(request: FastifyRequest): Owner {
  const principal = request.principal;
  if (!principal) throw unauthorized(translate('errors.unauthorized', request.language));
  return { userId: principal.userId, tenantId: principal.tenantId };
}

/** Live devices of the owner's tenant (stock and owned alike). */
export function tenantDevices(db: Kysely<Database>, tenantId: string | null) {
  return db
    .selectFrom('devices')
    .where('is_deleted', '=', false)
    .where('tenant_id', tenantId === null ? 'is' : '=', tenantId);
}

/** The owner's live devices. */
export function ownDevices(db: Kysely<Database>, owner: Owner) {
  return tenantDevices(db, owner.tenantId).where('owner_user_id', '=', owner.userId);
}

export function deviceNotFound(lang: string) {
  return notFound(translate('devices:errors.deviceNotFound', lang), 'Vigil.Devices:DeviceNotFound');
}

/** The owner's device with this id, or the 404 in the caller's language. */
export async function requireOwnDevice(db: Kysely<Database>, owner: Owner, id: string, lang: string) {
  const row = isUuid(id) ? await ownDevices(db, owner).selectAll().where('id', '=', id).executeTakeFirst() : undefined;
  if (!row) throw deviceNotFound(lang);
  return row;
}
