import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import type { EntityChange } from '../audit/tables';
import { writeAuditLog } from '../audit/audit-log';
import { AbpError, badRequest, notFound, ABP_ERROR_RESPONSE } from '../http/errors';
import { translate } from '../localization/texts';
import type { SchemaError } from '../../common/schema/validation';
import { MAX_RESULT_COUNT } from '../../common/abp-contract';
import type { Ajv2020 } from 'ajv/dist/2020';
import { toColumns, toRecord, type DynamicDb, type ResourceModel, type Row } from './resource-model';
import { assertScopeAllowed, computedSelections, scopedRows } from './scoping';
import { checkReferencesAndUniques, checkRules, normalizeBody, uniqueRace, validationFailure } from './write-checks';
import { isUniqueViolation } from '../db/constraint-errors';
import { bodySchema, recordSchema } from './openapi-schemas';
import { entityChange } from './entity-changes';
import type { WriteHooks } from './write-hooks';
import { isRecord } from '../../common/is-record';
import type { RequestTypes } from '../http/route-schemas';

/** Most records one bulk request names: ABP's page size, what a list can select. */
export const MAX_BULK = MAX_RESULT_COUNT;

const IDS = { type: 'array', items: { type: 'string', format: 'uuid' }, minItems: 1, maxItems: MAX_BULK, uniqueItems: true } as const;
const ERRORS = { 400: ABP_ERROR_RESPONSE, 401: ABP_ERROR_RESPONSE, 403: ABP_ERROR_RESPONSE, 404: ABP_ERROR_RESPONSE, 409: ABP_ERROR_RESPONSE } as const;

/**
 * Bulk update and bulk delete of one schema resource, for react-admin's updateMany and deleteMany:
 * every named record is read under lock, checked as a single write would be (the route's policy,
 * the caller's tenant, the schema and its rules, references and unique fields, the module's write
 * hooks) and written, all in one transaction. One refusal leaves every record as it was, and the
 * answer names the record that was refused (`error.data.id`).
 */
export async function bulkRoutes(plugin: FastifyInstance, opts: { db: Db; model: ResourceModel; models: Map<string, ResourceModel>; hooks: WriteHooks; ajv: Ajv2020 }) {
  const { model, models, ajv } = opts;
  const app = plugin.withTypeProvider<RequestTypes>();
  const { endpoint, policy, name } = model.schema['x-resource'];
  const tags = [name];
  const dataSchema = bodySchema(model, 'patch');
  const validateData = ajv.compile(dataSchema);
  const validateIds = ajv.compile(IDS);

  /** The body's problems in ABP's terms: field messages for `data`, one for `ids`. */
  const assertBody = (request: FastifyRequest) => {
    if (!request.validationError) return;
    // The check failed: the body is whatever was sent.
    const sent: unknown = request.body;
    const body = isRecord(sent) ? sent : {};
    if (!validateIds(body.ids)) throw badRequest(translate('errors.validation', request.language), [{ message: translate('errors.invalid', request.language), members: ['ids'] }]);
    if ('data' in body && !validateData(body.data)) throw validationFailure(model, (validateData.errors ?? []) as SchemaError[], request.language);
    throw badRequest(translate('errors.validation', request.language));
  };

  /** The named records the caller may write, locked for the transaction; a 404 when any is missing. */
  const lockAll = async (trx: DynamicDb, request: FastifyRequest, ids: string[]): Promise<Row[]> => {
    const rows = await scopedRows(trx, model, request, 't').selectAll('t').where('t.id', 'in', ids).forUpdate().execute();
    const found = new Set(rows.map((r) => String(r.id)));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) {
      throw notFound(translate('errors.bulkNotFound', request.language, { count: missing.length }), 'Vigil:NotFound');
    }
    return rows;
  };

  /** A refusal of one record, told as such: the message says nothing changed, data names it. */
  const refusedRow = (request: FastifyRequest, id: string, err: unknown): unknown => {
    if (!(err instanceof AbpError)) return err;
    return new AbpError(err.status, err.message, {
      ...err.extra,
      details: translate('errors.bulkRowRefused', request.language, { id }),
      data: { ...err.extra.data, id },
    });
  };

  app.put(
    `${endpoint}/bulk`,
    {
      config: { policy: `${policy}.Update` },
      attachValidation: true,
      schema: {
        tags,
        summary: `Update several of ${name} in one transaction`,
        body: { type: 'object', required: ['ids', 'data'], properties: { ids: IDS, data: dataSchema }, additionalProperties: false } as const,
        response: { 200: { type: 'object', required: ['items'], properties: { items: { type: 'array', items: recordSchema(model) } } }, ...ERRORS },
      },
      preValidation: async (request) => {
        // Before the check, the body is whatever was sent.
        const body: unknown = request.body;
        if (isRecord(body) && 'data' in body) body.data = normalizeBody(model, body.data);
      },
    },
    async (request) => {
      assertScopeAllowed(model, request, 'write');
      assertBody(request);
      const { ids, data } = request.body;
      const db = opts.db as unknown as DynamicDb;
      try {
        await opts.db.transaction().execute(async (transaction) => {
          const trx = transaction as unknown as DynamicDb;
          const rows = await lockAll(trx, request, ids);
          const changes: EntityChange[] = [];
          for (const row of rows) {
            const id = String(row.id);
            try {
              const before = toRecord(model, row);
              const after = { ...before, ...data };
              checkRules(model, after, request.language);
              const tenantId = (row.tenant_id as string | null) ?? null;
              await checkReferencesAndUniques(trx, model, models, data, tenantId, request, id);
              await opts.hooks.run({ trx, model, request, id, tenantId, before, after });
              await trx
                .updateTable(model.table)
                .set({ ...toColumns(model, data), last_modification_time: new Date(), last_modifier_id: request.principal?.userId ?? null, concurrency_stamp: randomUUID() })
                .where('id', '=', id)
                .execute();
              changes.push(entityChange(model, before, after, id, 1));
            } catch (err) {
              throw refusedRow(request, id, err);
            }
          }
          await writeAuditLog(transaction, request, { status: 200, entityChanges: changes });
        });
      } catch (err) {
        // Two of the records took the same unique value: the index refused the second one.
        if (isUniqueViolation(err)) throw uniqueRace(request);
        throw err;
      }
      const items = await scopedRows(db, model, request, 't').selectAll('t').select(computedSelections(model, models, 't')).where('t.id', 'in', ids).execute();
      return { items: items.map((r) => toRecord(model, r)) };
    },
  );

  app.post(
    `${endpoint}/bulk-delete`,
    {
      config: { policy: `${policy}.Delete` },
      attachValidation: true,
      schema: {
        tags,
        summary: `Delete several of ${name} in one transaction`,
        body: { type: 'object', required: ['ids'], properties: { ids: IDS }, additionalProperties: false } as const,
        response: { 204: { type: 'null', description: 'Deleted' }, ...ERRORS },
      },
    },
    async (request, reply) => {
      assertScopeAllowed(model, request, 'write');
      assertBody(request);
      const { ids } = request.body;
      await opts.db.transaction().execute(async (transaction) => {
        const trx = transaction as unknown as DynamicDb;
        const rows = await lockAll(trx, request, ids);
        await trx
          .updateTable(model.table)
          .set({ is_deleted: true, deleter_id: request.principal?.userId ?? null, deletion_time: new Date(), concurrency_stamp: randomUUID() })
          .where('id', 'in', ids)
          .execute();
        await writeAuditLog(transaction, request, { status: 204, entityChanges: rows.map((row) => entityChange(model, toRecord(model, row), null, String(row.id), 2)) });
      });
      return reply.status(204).send();
    },
  );
}
