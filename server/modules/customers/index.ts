import type {} from '@fastify/swagger';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createAjv } from '../../../common/schema/ajv';
import { writeAuditLog } from '../../audit/audit-log';
import type { Db } from '../../db/database';
import { conflict } from '../../http/errors';
import { translate } from '../../localization/texts';
import type { SchemaEngine } from '../../schema-engine';
import { bodySchema } from '../../schema-engine/openapi-schemas';
import { toRecord, type DynamicDb, type ResourceModel } from '../../schema-engine/resource-model';
import { computedSelections, scopedRows } from '../../schema-engine/scoping';
import { validationFailure } from '../../schema-engine/write-checks';
import { bodyValidator } from '../../http/body-validation';
import { entityChange, modelOf, readVisible, requireVisible } from '../shared/records';
import { priceBodyReader } from '../products/price-body';
import { availableCurrencies, listProducts } from '../products/catalogue';
import { customerPrices, resetCustomerPrices, saveCustomerPrices } from './prices';

/**
 * A customer's pricing tab and related lists (SPEC section 7: customer prices, discountPercentage,
 * resetPrices, contacts, linkedOrganizations). The customer must be one the caller sees through
 * the engine's tenant scoping; anyone else's is a 404.
 */
const MAX_ITEMS = 1000;

interface IdParams {
  id: string;
}

export async function customerRoutes(app: FastifyInstance, opts: { db: Db; engine: SchemaEngine }) {
  const { db, engine } = opts;
  const dyn = db as unknown as DynamicDb;
  const customers = modelOf(engine, 'customers');
  const contacts = modelOf(engine, 'contact-people');
  const organizations = modelOf(engine, 'organizations');
  const { endpoint, policy } = customers.schema['x-resource'];
  const codes = availableCurrencies(engine, 'en').map((c) => c.code);
  const readPrices = priceBodyReader(codes);
  const readCurrency = bodyValidator<{ currency?: string }>({ type: ['object', 'null'], properties: { currency: { type: 'string', enum: codes } }, additionalProperties: false });
  const update = bodySchema(customers, 'update');
  const validateDiscount = createAjv().compile({
    type: 'object',
    properties: { discountPercentage: update.properties.discountPercentage, concurrencyStamp: update.properties.concurrencyStamp },
    required: ['discountPercentage'],
    additionalProperties: false,
  });
  const tags = [customers.name];
  const customer = (request: FastifyRequest<{ Params: IdParams }>) => requireVisible(dyn, engine, customers, request, request.params.id);

  /** Records of another resource pointing at the customer, as the caller may see them. */
  const related = async (request: FastifyRequest<{ Params: IdParams }>, model: ResourceModel, field: string, order: [string, 'asc' | 'desc'][]) => {
    const row = await customer(request);
    let q = scopedRows(dyn, model, request, 't').selectAll('t').select(computedSelections(model, engine.models, 't')).where(`t.${model.columnOf.get(field)!}`, '=', String(row.id));
    for (const [f, dir] of order) q = q.orderBy(`t.${model.columnOf.get(f)!}`, dir);
    return { items: (await q.orderBy('t.id').limit(MAX_ITEMS).execute()).map((r) => toRecord(model, r)) };
  };

  app.get<{ Params: IdParams; Querystring: { currency?: string } }>(`${endpoint}/:id/prices`, { config: { policy }, schema: { tags, summary: "A customer's prices in one currency" } }, async (request) => {
    const row = await customer(request);
    const query = request.query.currency ? { currency: request.query.currency } : {};
    const currency = readCurrency(query, request.language).currency ?? String(row.currency ?? codes[0]);
    return customerPrices(db, engine, row, currency, request.language);
  });

  app.put<{ Params: IdParams }>(`${endpoint}/:id/prices`, { config: { policy: `${policy}.Update` }, schema: { tags, summary: "Set a customer's own prices" } }, async (request) => {
    const row = await customer(request);
    const body = readPrices(request.body, request.language, await listProducts(db, engine, request.language));
    await saveCustomerPrices(db, request, row, body);
    return customerPrices(db, engine, row, body.currency, request.language);
  });

  app.post<{ Params: IdParams }>(`${endpoint}/:id/resetPrices`, { config: { policy: `${policy}.Update` }, schema: { tags, summary: "Remove a customer's own prices" } }, async (request) => {
    const row = await customer(request);
    const { currency } = readCurrency(request.body ?? {}, request.language);
    await resetCustomerPrices(db, request, row, currency);
    return customerPrices(db, engine, row, currency ?? String(row.currency ?? codes[0]), request.language);
  });

  app.put<{ Params: IdParams }>(`${endpoint}/:id/discountPercentage`, { config: { policy: `${policy}.Update` }, schema: { tags, summary: "Set a customer's discount" } }, async (request) => {
    const row = await customer(request);
    const body = request.body ?? {};
    if (!validateDiscount(body)) throw validationFailure(customers, validateDiscount.errors ?? [], request.language);
    const { discountPercentage, concurrencyStamp } = body as { discountPercentage: number; concurrencyStamp?: string };
    const stale = () => conflict(translate('errors.concurrency', request.language));
    if (concurrencyStamp !== undefined && concurrencyStamp !== row.concurrency_stamp) throw stale();
    const before = toRecord(customers, row);
    await db.transaction().execute(async (trx) => {
      const result = await (trx as unknown as DynamicDb)
        .updateTable(customers.table)
        .set({
          [customers.columnOf.get('discountPercentage')!]: discountPercentage,
          last_modification_time: new Date(),
          last_modifier_id: request.principal?.userId ?? null,
          concurrency_stamp: randomUUID(),
        })
        .where('id', '=', String(row.id))
        .where('concurrency_stamp', '=', String(row.concurrency_stamp))
        .where('is_deleted', '=', false)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw stale();
      await writeAuditLog(trx, request, { status: 200, entityChanges: [entityChange(customers, before, { ...before, discountPercentage }, String(row.id), 1)] });
    });
    return toRecord(customers, (await readVisible(dyn, engine, customers, request, String(row.id)))!);
  });

  app.get<{ Params: IdParams }>(`${endpoint}/:id/contacts`, { config: { policy }, schema: { tags, summary: "A customer's contact people" } }, async (request) =>
    related(request, contacts, 'customerId', [
      ['isPrimary', 'desc'],
      ['name', 'asc'],
    ]),
  );

  app.get<{ Params: IdParams }>(`${endpoint}/:id/linkedOrganizations`, { config: { policy }, schema: { tags, summary: 'Organizations whose default customer this is' } }, async (request) =>
    related(request, organizations, 'defaultCustomerId', [['name', 'asc']]),
  );
}
