import type { FastifyRequest } from 'fastify';
import type { Selectable, Transaction } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import type { DevicesTable } from '../devices/tables';
import { translate } from '../localization/texts';
import { UUID, type FieldMessage } from '../schema-engine/records';
import { recordHistory, setSchemaColumns, visibleDevices } from './scope';
import type { StopReason } from './tables';

/**
 * Taking devices out of service (stop/<reason>) and back (paused/found), several at a time as staff
 * work through returns. The reason is recorded on the device with its time and user, and in its
 * history. A returned or trashed device goes back to stock: it leaves its owner, citizen, customer
 * and exchange, and its alarm receivers and geofence links, so its next user starts clean. A
 * trashed device stays trashed. The subscription is left to billing (a stop does not pause it).
 */
export const STOP_PATHS: Record<string, StopReason> = {
  lost: 'lost',
  awaitingreturn: 'awaitingReturn',
  wasreturned: 'returned',
  customerdevice: 'customerDevice',
  trash: 'trashed',
};

export const MAX_BATCH_IDS = 1000;

export type StockBatchResult = {
  total: number;
  changed: number;
  unchanged: number;
  errors: { id: string; messages: FieldMessage[] }[];
};

/** Detaches a device from whoever used it: it is back in stock. */
export async function releaseToStock(trx: Transaction<Database>, deviceId: string) {
  await trx.updateTable('devices').set({ owner_user_id: null, customer_id: null, exchange_state: null, exchange_partner_id: null }).where('id', '=', deviceId).execute();
  await setSchemaColumns(trx, deviceId, { citizen_id: null });
  await trx.deleteFrom('device_alarm_receivers').where('device_id', '=', deviceId).execute();
  await trx.deleteFrom('geofence_links').where('device_id', '=', deviceId).execute();
}

export type DeviceRow = Selectable<DevicesTable>;

/** Applies `change` to each visible device of `ids` in one transaction; `change` answers an error text, 'unchanged' or 'changed'. */
export async function eachDevice(
  db: Db,
  request: FastifyRequest,
  ids: string[],
  change: (trx: Transaction<Database>, row: DeviceRow) => Promise<string | 'changed' | 'unchanged'>,
): Promise<StockBatchResult> {
  const lang = request.language;
  const unique = [...new Set(ids)];
  const result: StockBatchResult = { total: unique.length, changed: 0, unchanged: 0, errors: [] };
  await db.transaction().execute(async (trx) => {
    const valid = unique.filter((id) => UUID.test(id));
    const rows = valid.length ? await visibleDevices(trx, request).selectAll('d').where('d.id', 'in', valid).forUpdate().execute() : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of unique) {
      const row = byId.get(id.toLowerCase());
      const outcome = row ? await change(trx, row) : translate('stock:errors.deviceNotFound', lang);
      if (outcome === 'changed') result.changed += 1;
      else if (outcome === 'unchanged') result.unchanged += 1;
      else result.errors.push({ id, messages: [{ member: null, message: outcome }] });
    }
  });
  return result;
}

export function stopDevices(db: Db, request: FastifyRequest, ids: string[], reason: StopReason) {
  const lang = request.language;
  return eachDevice(db, request, ids, async (trx, row) => {
    if (row.stop_reason === 'trashed') return translate('stock:errors.trashed', lang);
    if (row.stop_reason === reason) return 'unchanged';
    const backToStock = reason === 'returned' || reason === 'trashed';
    await trx
      .updateTable('devices')
      .set({
        stop_reason: reason,
        stop_time: new Date(),
        stop_user_id: request.principal?.userId ?? null,
        concurrency_stamp: randomUUID(),
      })
      .where('id', '=', row.id)
      .execute();
    if (backToStock) await releaseToStock(trx, row.id);
    await recordHistory(trx, request, row, 'stop', { reason, previous: row.stop_reason });
    return 'changed';
  });
}

/** paused/found: a stopped device (lost, awaiting return, ...) is back in service. */
export function foundDevices(db: Db, request: FastifyRequest, ids: string[]) {
  const lang = request.language;
  return eachDevice(db, request, ids, async (trx, row) => {
    if (row.stop_reason === 'trashed') return translate('stock:errors.trashed', lang);
    if (row.stop_reason === null) return 'unchanged';
    await trx
      .updateTable('devices')
      .set({ stop_reason: null, stop_time: null, stop_user_id: null, concurrency_stamp: randomUUID() })
      .where('id', '=', row.id)
      .execute();
    await recordHistory(trx, request, row, 'found', { previous: row.stop_reason });
    return 'changed';
  });
}
