import type {} from '@fastify/swagger';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { writeAuditLog } from '../audit/audit-log';
import { ABP_ERROR_RESPONSE, conflict, notFound } from '../http/errors';
import { translate } from '../localization/texts';
import { createAjv } from '../../common/schema/ajv';
import type { SchemaError } from '../../common/schema/validation';
import { applyListParams, tieBreaks } from './list-query';
import { toColumns, toRecord, type DynamicDb, type ResourceModel, type Row } from './resource-model';
import { assertScopeAllowed, computedSelections, scopedRows, writeTenant } from './scoping';
import { checkReferencesAndUniques, checkRules, normalizeBody, uniqueRace, validationFailure, withDefaults } from './write-checks';
import { isUniqueViolation } from '../db/constraint-errors';
import { bodySchema, checkedListQuery, ID_PARAMS, listQueryLabel, pageSchema, recordSchema } from './openapi-schemas';
import type { WriteHooks } from './write-hooks';
import { bulkRoutes } from './bulk-routes';
import type { RequestTypes } from '../http/route-schemas';
import { isRecord } from '../../common/is-record';
import { entityChange } from './entity-changes';
import { compileWhenUsed } from '../http/deferred-compile';
import { compileUrlPart } from '../http/route-validation';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The five ABP endpoints of one schema resource: list, get, create, update, delete. Each declares
 * its policy (X, X.Create, X.Update, X.Delete); tenant isolation comes from scopedRows.
 */
export async function crudRoutes(plugin: FastifyInstance, opts: { db: Db; model: ResourceModel; models: Map<string, ResourceModel>; hooks: WriteHooks }) {
  const { model, models } = opts;
  // The engine's schemas are built at run time: what a route reads is typed as a record (openapi-schemas.ts).
  const app = plugin.withTypeProvider<RequestTypes>();
  const db = opts.db as unknown as DynamicDb;
  const { endpoint, policy, name } = model.schema['x-resource'];
  const ajv = createAjv();
  // Bodies are checked with the engine's own ajv (its records' checks); the list's query as every route's URL is (route-validation.ts).
  app.setValidatorCompiler(({ schema, httpPart }) => compileWhenUsed(app, () => (httpPart === 'querystring' ? compileUrlPart(schema) : ajv.compile(schema))));
  const tags = [name];

  const notFoundError = (request: FastifyRequest) => notFound(translate('errors.entityNotFound', request.language));
  const assertValid = (request: FastifyRequest) => {
    const failure = request.validationError as (Error & { validation?: SchemaError[] }) | undefined;
    if (failure) throw validationFailure(model, failure.validation ?? [], request.language);
  };

  const readOne = async (request: FastifyRequest, id: string): Promise<Row | undefined> => {
    if (!UUID.test(id)) return undefined;
    return scopedRows(db, model, request, 't')
      .selectAll('t')
      .select(computedSelections(model, models, 't'))
      .where('t.id', '=', id)
      .executeTakeFirst();
  };


  app.get(
    endpoint,
    {
      config: { policy, fieldLabel: listQueryLabel(model) },
      schema: { tags, summary: `List ${name}`, querystring: checkedListQuery(model, { paging: true }), response: { 200: pageSchema(model) } },
    },
    async (request) => {
    assertScopeAllowed(model, request, 'read');
    const base = scopedRows(db, model, request, 't');
    const { query, paging, sort } = applyListParams(model, base, request.query);
    const [count, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      query
        .selectAll('t')
        .select(computedSelections(model, models, 't'))
        .orderBy(`t.${sort.field}`, sort.desc ? 'desc' : 'asc')
        .$call((q) => tieBreaks(model).reduce((ordered, by) => ordered.orderBy(by), q))
        .orderBy('t.id')
        .offset(paging.skip)
        .limit(paging.take)
        .execute(),
    ]);
    return { totalCount: Number(count.count), items: rows.map((r) => toRecord(model, r)) };
    },
  );

  app.get(`${endpoint}/:id`, { config: { policy }, schema: { tags, summary: `Get one of ${name}`, params: ID_PARAMS, response: { 200: recordSchema(model) } } }, async (request) => {
    assertScopeAllowed(model, request, 'read');
    const row = await readOne(request, request.params.id);
    if (!row) throw notFoundError(request);
    return toRecord(model, row);
  });

  app.post(
    endpoint,
    {
      config: { policy: `${policy}.Create` },
      attachValidation: true,
      schema: { tags, summary: `Create one of ${name}`, body: bodySchema(model, 'create'), response: { 200: recordSchema(model), 409: ABP_ERROR_RESPONSE } },
      preValidation: async (request) => {
        // Before the check the body is whatever was sent: only an object is normalised.
        const normalized = withDefaults(model, normalizeBody(model, request.body));
        if (isRecord(normalized)) request.body = normalized;
      },
    },
    async (request) => {
      assertScopeAllowed(model, request, 'write');
      assertValid(request);
      const input = request.body;
      checkRules(model, input, request.language);
      const tenantId = writeTenant(model, request);
      await checkReferencesAndUniques(db, model, models, input, tenantId, request);
      const id = randomUUID();
      try {
        await opts.db.transaction().execute(async (trx) => {
          await opts.hooks.run({ trx: trx as unknown as DynamicDb, model, request, id, tenantId, before: null, after: input });
          await (trx as unknown as DynamicDb)
            .insertInto(model.table)
            .values({ ...toColumns(model, input), id, tenant_id: tenantId, creator_id: request.principal?.userId ?? null, concurrency_stamp: randomUUID() })
            .execute();
          await writeAuditLog(trx, request, { status: 200, entityChanges: [entityChange(model, null, input, id, 0)] });
        });
      } catch (err) {
        if (isUniqueViolation(err)) {
          await checkReferencesAndUniques(db, model, models, input, tenantId, request);
          throw uniqueRace(request);
        }
        throw err;
      }
      return toRecord(model, (await readOne(request, id))!);
    },
  );

  app.put(
    `${endpoint}/:id`,
    {
      config: { policy: `${policy}.Update` },
      attachValidation: true,
      schema: { tags, summary: `Update one of ${name}`, params: ID_PARAMS, body: bodySchema(model, 'update'), response: { 200: recordSchema(model), 409: ABP_ERROR_RESPONSE } },
      preValidation: async (request) => {
        const normalized = normalizeBody(model, request.body);
        if (isRecord(normalized)) request.body = normalized;
      },
    },
    async (request) => {
      assertScopeAllowed(model, request, 'write');
      const existing = await readOne(request, request.params.id);
      if (!existing) throw notFoundError(request);
      assertValid(request);
      const { concurrencyStamp, ...input } = request.body;
      const before = toRecord(model, existing);
      const after = { ...before, ...input };
      checkRules(model, after, request.language);
      const tenantId = (existing.tenant_id as string | null) ?? null;
      await checkReferencesAndUniques(db, model, models, input, tenantId, request, request.params.id);
      const stale = () => conflict(translate('errors.concurrency', request.language));
      if (typeof concurrencyStamp === 'string' && concurrencyStamp !== existing.concurrency_stamp) throw stale();
      try {
        await opts.db.transaction().execute(async (trx) => {
          await opts.hooks.run({ trx: trx as unknown as DynamicDb, model, request, id: request.params.id, tenantId, before, after });
          const result = await (trx as unknown as DynamicDb)
            .updateTable(model.table)
            .set({
              ...toColumns(model, input),
              last_modification_time: new Date(),
              last_modifier_id: request.principal?.userId ?? null,
              concurrency_stamp: randomUUID(),
            })
            .where('id', '=', request.params.id)
            .where('concurrency_stamp', '=', String(existing.concurrency_stamp))
            .where('is_deleted', '=', false)
            .executeTakeFirst();
          // Someone else wrote between our read and this update.
          if (Number(result.numUpdatedRows) !== 1) throw stale();
          await writeAuditLog(trx, request, { status: 200, entityChanges: [entityChange(model, before, after, request.params.id, 1)] });
        });
      } catch (err) {
        if (isUniqueViolation(err)) {
          await checkReferencesAndUniques(db, model, models, input, tenantId, request, request.params.id);
          throw uniqueRace(request);
        }
        throw err;
      }
      return toRecord(model, (await readOne(request, request.params.id))!);
    },
  );

  app.delete(`${endpoint}/:id`, { config: { policy: `${policy}.Delete` }, schema: { tags, summary: `Delete one of ${name}`, params: ID_PARAMS, response: { 204: { type: 'null', description: 'Deleted' } } } }, async (request, reply) => {
    assertScopeAllowed(model, request, 'write');
    const existing = await readOne(request, request.params.id);
    if (!existing) throw notFoundError(request);
    await opts.db.transaction().execute(async (trx) => {
      await (trx as unknown as DynamicDb)
        .updateTable(model.table)
        .set({ is_deleted: true, deleter_id: request.principal?.userId ?? null, deletion_time: new Date(), concurrency_stamp: randomUUID() })
        .where('id', '=', request.params.id)
        .execute();
      await writeAuditLog(trx, request, { status: 204, entityChanges: [entityChange(model, toRecord(model, existing), null, request.params.id, 2)] });
    });
    return reply.status(204).send();
  });

  await bulkRoutes(app, { ...opts, ajv });
}
