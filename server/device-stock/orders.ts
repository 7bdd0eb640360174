import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { badRequest, notFound } from '../http/errors';
import { translate } from '../localization/texts';
import type { SchemaEngine } from '../schema-engine';
import type { DynamicDb } from '../schema-engine/resource-model';
import { scopedRows } from '../schema-engine/scoping';
import { modelOf, UUID } from '../schema-engine/records';
import { recordHistory, visibleDevices } from './scope';
import { selectStock, stockPage, stockRecord, type StockQuery } from './stock-list';
import type { StockListQuery } from './route-schemas';

/**
 * Devices for customers: availableForOrder (central stock: unowned, in service, no customer, no
 * exchange), customerOrder (puts devices into a customer's stock, all or nothing: an order is one
 * thing), transferableDevices (a customer's unused stock, which another order can move to another
 * customer) and productsAndServices (what a customer holds: devices per model, accessories,
 * subscriptions).
 */
const free = (q: StockQuery) => q.where('d.owner_user_id', 'is', null).where('d.stop_reason', 'is', null).where('d.exchange_state', 'is', null);

export const availableForOrder = (db: Db, engine: SchemaEngine, request: FastifyRequest, query: StockListQuery) => stockPage(db, engine, request, query, (q) => free(q).where('d.customer_id', 'is', null));
export const transferableDevices = (db: Db, engine: SchemaEngine, request: FastifyRequest, query: StockListQuery) => stockPage(db, engine, request, query, (q) => free(q).where('d.customer_id', 'is not', null));

/** The visible customer with this id, or a 404 naming the member. */
export async function requireCustomer(db: Db, engine: SchemaEngine, request: FastifyRequest, id: string | undefined) {
  const lang = request.language;
  if (!id) {
    const message = translate('stock:errors.customerRequired', lang);
    throw badRequest(message, [{ message, members: ['customerId'] }]);
  }
  const customers = modelOf(engine, 'customers');
  const row = UUID.test(id) ? await scopedRows(db as unknown as DynamicDb, customers, request, 'c').select(['c.id', 'c.name', 'c.tenant_id']).where('c.id', '=', id).executeTakeFirst() : undefined;
  if (!row) throw notFound(translate('stock:errors.customerNotFound', lang));
  return { id: String(row.id), name: String(row.name), tenantId: (row.tenant_id as string | null) ?? null };
}

export async function customerOrder(db: Db, engine: SchemaEngine, request: FastifyRequest, body: { customerId: string; deviceIds: string[] }) {
  const lang = request.language;
  const customer = await requireCustomer(db, engine, request, body.customerId);
  const ids = [...new Set(body.deviceIds.map((i) => i.toLowerCase()))];
  await db.transaction().execute(async (trx) => {
    const rows = await free(visibleDevices(trx, request)).selectAll('d').where('d.id', 'in', ids.filter((i) => UUID.test(i))).forUpdate().execute();
    const problems = ids
      .map((id, index) => ({ id, index, row: rows.find((r) => r.id === id) }))
      .filter(({ row }) => !row || row.tenant_id !== customer.tenantId)
      .map(({ id, index }) => ({ message: translate('stock:errors.notAvailable', lang, { id }), members: [`deviceIds[${index}]`] }));
    if (problems.length) throw badRequest(translate('errors.validation', lang), problems);
    await trx.updateTable('devices').set({ customer_id: customer.id, concurrency_stamp: sql`gen_random_uuid()::text` }).where('id', 'in', ids).execute();
    for (const row of rows) await recordHistory(trx, request, row, 'customerOrder', { customerId: customer.id, previousCustomerId: row.customer_id });
  });
  const devices = await selectStock(engine, visibleDevices(db, request).where('d.id', 'in', ids)).orderBy('d.name').execute();
  return { customerId: customer.id, customerName: customer.name, devices: devices.map(stockRecord) };
}

export async function productsAndServices(db: Db, engine: SchemaEngine, request: FastifyRequest, customerId: string | undefined) {
  const customer = await requireCustomer(db, engine, request, customerId);
  const mine = visibleDevices(db, request).where('d.customer_id', '=', customer.id);
  const products = await mine
    .select([
      'd.model',
      (eb) => eb.fn.countAll<string>().as('total'),
      sql<string>`count(*) filter (where d.owner_user_id is null and d.stop_reason is null)`.as('in_stock'),
      sql<string>`count(*) filter (where d.owner_user_id is not null and d.stop_reason is null)`.as('in_use'),
      sql<string>`count(*) filter (where d.stop_reason is not null)`.as('stopped'),
      sql<string>`count(*) filter (where d.owner_user_id is not null and d.subscription_status = 'active' and d.stop_reason is null)`.as('active_subscriptions'),
      sql<string>`count(*) filter (where d.owner_user_id is not null and d.subscription_status = 'paused' and d.stop_reason is null)`.as('paused_subscriptions'),
    ])
    .groupBy('d.model')
    .orderBy('d.model')
    .execute();
  const accessories = modelOf(engine, 'accessories');
  const accessoryRows = await (db as unknown as DynamicDb)
    .selectFrom(accessories.table)
    .select(['id', 'name', 'item_number'])
    .where('is_deleted', '=', false)
    .where('tenant_id', 'is', null)
    .orderBy('name')
    .limit(1000)
    .execute();
  return {
    customerId: customer.id,
    customerName: customer.name,
    products: products.map((p) => ({ model: p.model, total: Number(p.total), inStock: Number(p.in_stock), inUse: Number(p.in_use), stopped: Number(p.stopped) })),
    services: {
      activeSubscriptions: products.reduce((n, p) => n + Number(p.active_subscriptions), 0),
      pausedSubscriptions: products.reduce((n, p) => n + Number(p.paused_subscriptions), 0),
    },
    accessories: accessoryRows.map((a) => ({ id: String(a.id), name: String(a.name), itemNumber: (a.item_number as string | null) ?? null })),
  };
}
