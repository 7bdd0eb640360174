import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { pagingOf, sortingOf } from '../http/paging';
import { contains } from '../db/like';
import type { SchemaEngine } from '../schema-engine';
import { modelOf } from '../schema-engine/records';
import { searchExpression } from '../schema-engine/search-indexes';
import { STOCK_SORTABLE, type StockFilters, type StockListQuery } from './route-schemas';
import { visibleDevices } from './scope';

/**
 * The device stock as back-office staff read it (hostData): each device with its tenant, SIM card
 * (ICCID), customer, organisation, owner, stop reason (since when, by whom), exchange state and
 * sales type. The same selection serves every list of this module (orders, exchange candidates,
 * transferable devices, reports), each adding its own conditions.
 */
export type StockQuery = ReturnType<typeof visibleDevices>;

/** The selection of a stock record, on a query from visibleDevices. */
export function selectStock(engine: SchemaEngine, q: StockQuery) {
  const table = (name: string) => sql.id(modelOf(engine, name).table);
  return q.select([
    'd.id',
    'd.tenant_id',
    'd.name',
    'd.imei',
    'd.device_id',
    'd.model',
    'd.status',
    'd.subscription_status',
    'd.battery_level',
    'd.last_contact',
    'd.owner_user_id',
    'd.customer_id',
    'd.organization_id',
    'd.stop_reason',
    'd.stop_time',
    'd.exchange_state',
    'd.exchange_partner_id',
    'd.sales_type',
    'd.creation_time',
    'd.concurrency_stamp',
    sql<string | null>`d.sim_card_id`.as('sim_card_id'),
    sql<string | null>`d.citizen_id`.as('citizen_id'),
    sql<string | null>`(select s.iccid from ${table('simcards')} s where s.id = d.sim_card_id)`.as('iccid'),
    sql<string | null>`(select c.name from ${table('customers')} c where c.id = d.customer_id)`.as('customer_name'),
    sql<string | null>`(select o.name from ${table('organizations')} o where o.id = d.organization_id)`.as('organization_name'),
    sql<string | null>`(select t.name from tenants t where t.id = d.tenant_id)`.as('tenant_name'),
    sql<string | null>`(select nullif(trim(u.name || ' ' || u.surname), '') from users u where u.id = d.owner_user_id)`.as('owner_name'),
    sql<string | null>`(select u.user_name from users u where u.id = d.stop_user_id)`.as('stop_user_name'),
  ]);
}

type StockRow = Awaited<ReturnType<ReturnType<typeof selectStock>['execute']>>[number];

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A stock row as the API answers it (camelCase, ISO times). */
export function stockRecord(row: StockRow) {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    tenantName: row.tenant_name,
    name: row.name,
    imei: row.imei,
    deviceId: row.device_id,
    model: row.model,
    status: row.status,
    subscriptionStatus: row.subscription_status,
    batteryLevel: row.battery_level,
    lastContact: iso(row.last_contact),
    simCardId: row.sim_card_id,
    iccid: row.iccid,
    citizenId: row.citizen_id,
    ownerUserId: row.owner_user_id,
    ownerName: row.owner_name,
    inUse: row.owner_user_id !== null,
    customerId: row.customer_id,
    customerName: row.customer_name,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    stopReason: row.stop_reason,
    stopTime: iso(row.stop_time),
    stopUserName: row.stop_user_name,
    exchangeState: row.exchange_state,
    exchangePartnerId: row.exchange_partner_id,
    salesType: row.sales_type,
    creationTime: new Date(row.creation_time).toISOString(),
    concurrencyStamp: row.concurrency_stamp,
  };
}
export type StockRecord = ReturnType<typeof stockRecord>;

/** The device's own columns the Filter matches (the stock's and the device picker's), each with a search index. */
export const DEVICE_SEARCH_COLUMNS = ['d.name', 'd.imei', 'd.device_id'] as const;

/**
 * Filter: a case-insensitive "contains" over the device's name, IMEI and device ID and its SIM
 * card's ICCID. Each part is a query of its own that a search index answers (lower(column), as
 * search-indexes.ts builds them), and the list reads the union of their ids by primary key. One
 * WHERE with an EXISTS on the SIM card among the ORs cannot use any index: a big tenant's stock
 * was read whole for every search.
 */
function withStockSearch(engine: SchemaEngine, q: StockQuery, text: string): StockQuery {
  const pattern = contains(text);
  const simcards = sql.id(modelOf(engine, 'simcards').table);
  const onDevice = q.where((eb) => eb.or(DEVICE_SEARCH_COLUMNS.map((column) => eb(searchExpression(column), 'ilike', pattern)))).select('d.id');
  const bySimCard = q
    .where(sql.ref('d.sim_card_id'), 'in', sql<string>`(select s.id from ${simcards} s where ${searchExpression('s.iccid')} ilike ${pattern} and not s.is_deleted)`)
    .select('d.id');
  return q.where('d.id', '=', sql<string>`any(array(${onDevice.union(bySimCard)}))`);
}

/**
 * The stock filters every list accepts, as its route's schema checked them (route-schemas.ts):
 * Filter (name, IMEI, device ID or ICCID), model, status, subscriptionStatus, stopReason (a
 * reason, or 'none' for devices in service), exchangeState, salesType, customerId,
 * organizationId, tenantId, inUse and paired.
 */
export function applyStockFilters(engine: SchemaEngine, base: StockQuery, filters: StockFilters): StockQuery {
  let q = base;
  const filter = filters.Filter?.trim();
  if (filter) q = withStockSearch(engine, q, filter);
  const model = filters.model?.trim();
  if (model) q = q.where('d.model', '=', model);
  if (filters.status) q = q.where('d.status', '=', filters.status);
  if (filters.subscriptionStatus) q = q.where('d.subscription_status', '=', filters.subscriptionStatus);
  const stop = filters.stopReason;
  if (stop) q = stop === 'none' ? q.where('d.stop_reason', 'is', null) : q.where('d.stop_reason', '=', stop);
  if (filters.exchangeState) q = q.where('d.exchange_state', '=', filters.exchangeState);
  if (filters.salesType) q = q.where('d.sales_type', '=', filters.salesType);
  if (filters.customerId) q = q.where('d.customer_id', '=', filters.customerId);
  if (filters.organizationId) q = q.where('d.organization_id', '=', filters.organizationId);
  if (filters.tenantId) q = q.where('d.tenant_id', '=', filters.tenantId);
  if (filters.inUse !== undefined) q = q.where('d.owner_user_id', filters.inUse ? 'is not' : 'is', null);
  if (filters.paired !== undefined) q = q.where(sql.ref('d.sim_card_id'), filters.paired ? 'is not' : 'is', null);
  return q;
}

/** A page of stock records: `{ totalCount, items }` with ABP paging and sorting. */
export async function stockPage(db: Db, engine: SchemaEngine, request: FastifyRequest, query: StockListQuery, scope: (q: StockQuery) => StockQuery = (q) => q) {
  const paging = pagingOf(query);
  const sort = sortingOf(query, STOCK_SORTABLE, { field: 'd.name', desc: false });
  const filtered = scope(applyStockFilters(engine, visibleDevices(db, request), query));
  const [{ count }, rows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    selectStock(engine, filtered).orderBy(sort.field, sort.desc ? 'desc' : 'asc').orderBy('d.id').offset(paging.skip).limit(paging.take).execute(),
  ]);
  return { totalCount: Number(count), items: rows.map(stockRecord) };
}
