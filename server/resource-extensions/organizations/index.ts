import type {} from '@fastify/swagger';
import type { Db } from '../../db/database';
import type { SchemaEngine } from '../../schema-engine';
import { applyListParams } from '../../schema-engine/list-query';
import { toRecord, type DynamicDb } from '../../schema-engine/resource-model';
import { assertScopeAllowed, computedSelections, scopedRows } from '../../schema-engine/scoping';
import { sql } from 'kysely';
import { ABP_ERROR_RESPONSE } from '../../http/errors';
import { checkedListQuery, listQueryLabel, recordSchema } from '../../schema-engine/openapi-schemas';
import { ID_PARAMS, type Api } from '../../http/route-schemas';
import { modelOf, requireVisible } from '../../schema-engine/records';
import { assertNoCycle } from './cycle';

/**
 * The organization tree (SPEC section 7: organizations-overviews children, lookups): one level of
 * children at a time, so a tree view loads as it opens, and a light id + name list for pickers.
 * Both read through the engine's tenant scoping.
 */
const MAX_CHILDREN = 1000;

export async function organizationRoutes(app: Api, opts: { db: Db; engine: SchemaEngine }) {
  const { engine } = opts;
  const db = opts.db as unknown as DynamicDb;
  const model = modelOf(engine, 'organizations');
  const { endpoint, policy } = model.schema['x-resource'];
  const tags = [model.name];
  const parent = model.columnOf.get('parentId')!;
  const name = model.columnOf.get('name')!;
  /** ABP's refusals, as every route here may answer them. */
  const refusals = { 400: ABP_ERROR_RESPONSE, 401: ABP_ERROR_RESPONSE, 403: ABP_ERROR_RESPONSE, 404: ABP_ERROR_RESPONSE } as const;

  // An organization may not become its own ancestor. Moves in one tenant are serialised so two
  // simultaneous moves cannot close a loop between them.
  engine.hooks.beforeWrite(model.name, async ({ trx, tenantId, id, after, request }) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`organizations:${tenantId ?? 'host'}`}))`.execute(trx);
    await assertNoCycle(trx, model, tenantId, id, after.parentId as string | null | undefined, request.language);
  });

  app.get(`${endpoint}/:id/children`, {
      config: { policy },
      schema: {
        tags,
        summary: 'Direct children of an organization',
        params: ID_PARAMS,
        response: { 200: { type: 'object', properties: { items: { type: 'array', items: recordSchema(model) } }, required: ['items'] }, ...refusals },
      },
    }, async (request) => {
    assertScopeAllowed(model, request, 'read');
    const row = await requireVisible(db, engine, model, request, request.params.id);
    const rows = await scopedRows(db, model, request, 't')
      .selectAll('t')
      .select(computedSelections(model, engine.models, 't'))
      .where(`t.${parent}`, '=', String(row.id))
      .orderBy(`t.${name}`)
      .orderBy('t.id')
      .limit(MAX_CHILDREN)
      .execute();
    return { items: rows.map((r) => toRecord(model, r)) };
  });

  // The list's parameters (Filter, per-field filters, Sorting, SkipCount, MaxResultCount <= 1000)
  // follow the resource's schema, loaded at run time; the route's schema checks them.
  app.get(`${endpoint}/lookups`, {
      config: { policy, fieldLabel: listQueryLabel(model) },
      schema: {
        tags,
        summary: 'Organizations as id and name, for pickers',
        querystring: checkedListQuery(model, { paging: true }),
        response: {
          200: {
            type: 'object',
            properties: { totalCount: { type: 'integer' }, items: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } }, required: ['id', 'name'] } } },
            required: ['totalCount', 'items'],
          },
          ...refusals,
        },
      },
    }, async (request) => {
    assertScopeAllowed(model, request, 'read');
    const { query, paging, sort } = applyListParams(model, scopedRows(db, model, request, 't'), request.query);
    const [count, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      query.select(['t.id', `t.${name}`]).orderBy(`t.${sort.field}`, sort.desc ? 'desc' : 'asc').orderBy('t.id').offset(paging.skip).limit(paging.take).execute(),
    ]);
    return { totalCount: Number(count.count), items: rows.map((r) => ({ id: String(r.id), name: String(r[name]) })) };
  });
}
