import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { notFound } from '../http/errors';
import { translate } from '../localization/texts';
import { UUID } from '../schema-engine/records';
import type { DynamicDb } from '../schema-engine/resource-model';

/**
 * The devices a request may see and change, as the schema engine scopes the devices resource: the
 * caller's tenant (the host's own rows for the host), every tenant for a host user who picked all
 * tenants. Every query of this module starts here, so isolation never depends on the caller.
 */
export function visibleDevices(db: Db | Transaction<Database>, request: FastifyRequest) {
  const q = db.selectFrom('devices as d').where('d.is_deleted', '=', false);
  if (request.allTenants) return q;
  return request.tenantId === null ? q.where('d.tenant_id', 'is', null) : q.where('d.tenant_id', '=', request.tenantId);
}

/** The visible device with this id (locked for update inside a transaction), or a 404 in the caller's language. */
export async function requireDevice(db: Db | Transaction<Database>, request: FastifyRequest, id: string) {
  const row = UUID.test(id) ? await visibleDevices(db, request).selectAll('d').where('d.id', '=', id).forUpdate().executeTakeFirst() : undefined;
  if (!row) throw notFound(translate('stock:errors.deviceNotFound', request.language));
  return row;
}

/** One line of a device's stock history: what was done, by whom, when. */
export async function recordHistory(trx: Transaction<Database>, request: FastifyRequest, device: { id: string; tenant_id: string | null }, action: string, detail: Record<string, unknown> = {}) {
  await trx
    .insertInto('device_stock_history')
    .values({ id: randomUUID(), tenant_id: device.tenant_id, device_id: device.id, action, detail: JSON.stringify(detail), user_id: request.principal?.userId ?? null })
    .execute();
}

/** Writes devices columns the schema engine adds (citizen_id, sim_card_id), which the typed table does not declare. */
export async function setSchemaColumns(trx: Transaction<Database>, deviceId: string, values: { citizen_id?: string | null; sim_card_id?: string | null }) {
  await (trx as unknown as DynamicDb).updateTable('devices').set(values).where('id', '=', deviceId).execute();
}
