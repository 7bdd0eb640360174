import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { badRequest } from '../http/errors';
import { queryParam, readPaging, readSorting } from '../http/paging';
import { contains } from '../db/like';
import { translate } from '../localization/texts';
import type { SchemaEngine } from '../schema-engine';
import { modelOf } from '../schema-engine/records';
import { searchExpression } from '../schema-engine/search-indexes';
import { EXCHANGE_STATES, SALES_TYPES, STOP_REASONS } from './tables';
import { visibleDevices } from './scope';

/**
 * The device stock as back-office staff read it (hostData): each device with its tenant, SIM card
 * (ICCID), customer, organisation, owner, stop reason (since when, by whom), exchange state and
 * sales type. The same selection serves every list of this module (orders, exchange candidates,
 * transferable devices, reports), each adding its own conditions.
 */
const SORTABLE = {
  name: 'd.name',
  imei: 'd.imei',
  model: 'd.model',
  status: 'd.status',
  batteryLevel: 'd.battery_level',
  lastContact: 'd.last_contact',
  stopReason: 'd.stop_reason',
  stopTime: 'd.stop_time',
  salesType: 'd.sales_type',
  creationTime: 'd.creation_time',
} as const;

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
    creationTime: iso(row.creation_time),
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
 * The stock filters every list accepts: Filter (name, IMEI, device ID or ICCID), model, status,
 * subscriptionStatus, stopReason (a reason, or 'none' for devices in service), exchangeState,
 * salesType, customerId, organizationId, inUse and paired (true/false). Unknown values are a 400.
 */
export function applyStockFilters(engine: SchemaEngine, base: StockQuery, query: Record<string, unknown>, lang: string): StockQuery {
  let q = base;
  const problems: { message: string; members: string[] }[] = [];
  const text = (name: string) => {
    const v = queryParam(query, name);
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[]): T | undefined => {
    const v = text(name);
    if (v === undefined) return undefined;
    if ((allowed as readonly string[]).includes(v)) return v as T;
    problems.push({ message: translate('validation:invalid', lang, { field: name }), members: [name] });
    return undefined;
  };
  const flag = (name: string) => oneOf(name, ['true', 'false'] as const);
  const uuid = (name: string) => {
    const v = text(name);
    if (v !== undefined && !/^[0-9a-f-]{36}$/i.test(v)) problems.push({ message: translate('validation:invalid', lang, { field: name }), members: [name] });
    return v !== undefined && /^[0-9a-f-]{36}$/i.test(v) ? v : undefined;
  };

  const filter = text('filter');
  if (filter) q = withStockSearch(engine, q, filter);
  const model = text('model');
  if (model) q = q.where('d.model', '=', model);
  const status = oneOf('status', ['online', 'offline'] as const);
  if (status) q = q.where('d.status', '=', status);
  const subscription = oneOf('subscriptionStatus', ['active', 'paused'] as const);
  if (subscription) q = q.where('d.subscription_status', '=', subscription);
  const stop = oneOf('stopReason', [...STOP_REASONS, 'none'] as const);
  if (stop) q = stop === 'none' ? q.where('d.stop_reason', 'is', null) : q.where('d.stop_reason', '=', stop);
  const exchange = oneOf('exchangeState', EXCHANGE_STATES);
  if (exchange) q = q.where('d.exchange_state', '=', exchange);
  const sales = oneOf('salesType', SALES_TYPES);
  if (sales) q = q.where('d.sales_type', '=', sales);
  const customer = uuid('customerId');
  if (customer) q = q.where('d.customer_id', '=', customer);
  const organization = uuid('organizationId');
  if (organization) q = q.where('d.organization_id', '=', organization);
  const tenant = uuid('tenantId');
  if (tenant) q = q.where('d.tenant_id', '=', tenant);
  const inUse = flag('inUse');
  if (inUse) q = q.where('d.owner_user_id', inUse === 'true' ? 'is not' : 'is', null);
  const paired = flag('paired');
  if (paired) q = q.where(sql.ref('d.sim_card_id'), paired === 'true' ? 'is not' : 'is', null);
  if (problems.length) throw badRequest(translate('errors.validation', lang), problems);
  return q;
}

/** A page of stock records: `{ totalCount, items }` with ABP paging and sorting. */
export async function stockPage(db: Db, engine: SchemaEngine, request: FastifyRequest, scope: (q: StockQuery) => StockQuery = (q) => q) {
  const query = request.query as Record<string, unknown>;
  const lang = request.language;
  const paging = readPaging(query, lang);
  const sort = readSorting(query, SORTABLE, { field: 'd.name', desc: false }, lang);
  const filtered = scope(applyStockFilters(engine, visibleDevices(db, request), query, lang));
  const [{ count }, rows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    selectStock(engine, filtered).orderBy(sort.field, sort.desc ? 'desc' : 'asc').orderBy('d.id').offset(paging.skip).limit(paging.take).execute(),
  ]);
  return { totalCount: Number(count), items: rows.map(stockRecord) };
}
