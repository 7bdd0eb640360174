import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { EntityChange } from '../../audit/tables';
import { writeAuditLog } from '../../audit/audit-log';
import type { Db } from '../../db/database';
import { translate } from '../../localization/texts';
import { toRecord, type DynamicDb, type ResourceModel, type Row } from '../../schema-engine/resource-model';
import { scopedRows } from '../../schema-engine/scoping';
import { checkRules } from '../../schema-engine/write-checks';
import { entityChange, messagesOf, todayIso, UUID, type FieldMessage } from '../../schema-engine/records';

/**
 * Taking SIM cards out of service: status 'deactivated' and today's deactivation date (UTC), on
 * the caller's own cards only. A card already deactivated keeps its date (nothing to change). The
 * record must still satisfy its schema rules (a deactivation date after the activation date).
 */
export const DEACTIVATED = 'deactivated';
export const MAX_DEACTIVATE_IDS = 1000;

export type DeactivateResult = {
  total: number;
  deactivated: number;
  alreadyDeactivated: number;
  errors: { id: string; messages: FieldMessage[] }[];
};

/** The record after deactivation; throws the engine's 400 when a schema rule refuses it. */
export function deactivated(model: ResourceModel, row: Row, lang: string) {
  const before = toRecord(model, row);
  const after = { ...before, status: DEACTIVATED, deactivationDate: todayIso() };
  checkRules(model, after, lang);
  return { before, after };
}

/**
 * Writes the deactivations in one transaction with their audit entry; a card changed by someone
 * else since it was read is reported, not overwritten. Returns the ids that could not be written.
 */
export async function writeDeactivations(db: Db, model: ResourceModel, request: FastifyRequest, plans: { row: Row; before: Record<string, unknown>; after: Record<string, unknown> }[]) {
  const stale: string[] = [];
  await db.transaction().execute(async (trx) => {
    const changes: EntityChange[] = [];
    for (const { row, before, after } of plans) {
      const id = String(row.id);
      const result = await (trx as unknown as DynamicDb)
        .updateTable(model.table)
        .set({
          [model.columnOf.get('status')!]: DEACTIVATED,
          [model.columnOf.get('deactivationDate')!]: after.deactivationDate,
          last_modification_time: new Date(),
          last_modifier_id: request.principal?.userId ?? null,
          concurrency_stamp: randomUUID(),
        })
        .where('id', '=', id)
        .where('concurrency_stamp', '=', String(row.concurrency_stamp))
        .where('is_deleted', '=', false)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) changes.push(entityChange(model, before, after, id, 1));
      else stale.push(id);
    }
    if (changes.length) await writeAuditLog(trx, request, { status: 200, entityChanges: changes });
  });
  return stale;
}

export async function deactivateMany(db: Db, model: ResourceModel, request: FastifyRequest, ids: string[]): Promise<DeactivateResult> {
  const lang = request.language;
  const unique = [...new Set(ids)];
  const valid = unique.filter((id) => UUID.test(id));
  const rows = valid.length ? await scopedRows(db as unknown as DynamicDb, model, request, 't').selectAll('t').where('t.id', 'in', valid).execute() : [];
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  const result: DeactivateResult = { total: unique.length, deactivated: 0, alreadyDeactivated: 0, errors: [] };
  const plans = [];
  for (const id of unique) {
    const row = byId.get(id.toLowerCase()) ?? byId.get(id);
    if (!row) {
      result.errors.push({ id, messages: [{ member: null, message: translate('errors.entityNotFound', lang) }] });
    } else if (row.status === DEACTIVATED) {
      result.alreadyDeactivated += 1;
    } else {
      try {
        plans.push({ row, ...deactivated(model, row, lang) });
      } catch (err) {
        result.errors.push({ id, messages: messagesOf(err) });
      }
    }
  }
  const stale = plans.length ? await writeDeactivations(db, model, request, plans) : [];
  for (const id of stale) result.errors.push({ id, messages: [{ member: null, message: translate('errors.concurrency', lang) }] });
  result.deactivated = plans.length - stale.length;
  return result;
}
