import type { FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import { notFound } from '../http/errors';
import { tenantIs, UUID } from '../multitenancy/scope';
import { translate } from '../localization/texts';
import type { DynamicDb } from '../schema-engine/resource-model';

/** A device as commands need it: its model, what the watch calls itself and the phone number of its SIM card. */
export interface CommandDevice {
  id: string;
  tenantId: string | null;
  model: string | null;
  /** What the watch calls itself (its protocol ID, else its IMEI): what a command's encoding is checked for. */
  deviceKey: string;
  /** The number of the SIM card in the device (the simcards resource it is paired with), where text messages go. */
  phoneNumber: string | null;
}

/** Staff (the devices or troubleshooting policy) reach every device of their tenant; a caregiver only their own. */
export const isStaff = (request: FastifyRequest): boolean => Boolean(request.grantedPolicies?.has(POLICIES.devices) || request.grantedPolicies?.has(POLICIES.troubleshoot));

/**
 * The device a request may command, or a 404: in the caller's tenant, and for a caller without
 * the devices or troubleshooting policy (a caregiver) only their own.
 */
export async function commandDevice(db: Db, request: FastifyRequest, id: unknown): Promise<CommandDevice> {
  const missing = () => notFound(translate('errors.entityNotFound', request.language));
  if (typeof id !== 'string' || !UUID.test(id)) throw missing();
  const dyn = db as unknown as DynamicDb;
  let q = dyn
    .selectFrom('devices as d')
    // The paired card of the device's own tenant, unless deactivated (a cancelled subscription takes no texts).
    .leftJoin('simcards as s', (j) =>
      j.onRef('s.id', '=', 'd.sim_card_id').on('s.is_deleted', '=', false).on(sql<SqlBool>`s.tenant_id is not distinct from d.tenant_id`).on('s.status', '<>', 'deactivated'),
    )
    .select(['d.id', 'd.tenant_id', 'd.model', 'd.imei', 'd.protocol_id', 's.phone_number'])
    .where('d.id', '=', id)
    .where('d.is_deleted', '=', false)
    .where(tenantIs('d.tenant_id', request.tenantId));
  if (!isStaff(request)) q = q.where('d.owner_user_id', '=', request.principal!.userId);
  const row = await q.executeTakeFirst();
  if (!row) throw missing();
  return {
    id: String(row.id),
    tenantId: (row.tenant_id as string | null) ?? null,
    model: (row.model as string | null) ?? null,
    deviceKey: String(row.protocol_id ?? row.imei),
    phoneNumber: (row.phone_number as string | null) ?? null,
  };
}
