import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/tables';
import type { Db } from '../db/database';
import { badRequest } from '../http/errors';
import { translate } from '../localization/texts';
import type { SchemaEngine } from '../schema-engine';
import { type DeviceRow } from './stop-reasons';
import { recordHistory, requireDevice, setSchemaColumns, visibleDevices } from './scope';
import { selectStock, stockPage, stockRecord, type StockQuery } from './stock-list';
import type { StockListQuery } from './route-schemas';

/**
 * Exchanging a customer's faulty device:
 * 1. availableForExchange?deviceId=: the devices that can replace it (same tenant and model, free:
 *    no owner, no citizen, in service, not in another exchange, and in no other customer's
 *    stock); those already in the customer's stock say so. Steps 2 and 3 refuse any other.
 * 2. setReadyToExchangeAndSendReplacement { deviceId, replacementId }: the faulty device is ready
 *    to exchange, the replacement is sent to the customer (withCustomerStock), each pointing at the
 *    other.
 * 3. exchangeWithCustomerStock { deviceId, replacementId }: the replacement (sent in step 2, or any
 *    device of the customer's stock) takes the faulty device's place: owner, citizen, name,
 *    subscription, organisation, alarm receivers and geofence links move over; the faulty device
 *    awaits its return (stop reason awaitingReturn) until stop/wasreturned.
 */
type Row = DeviceRow;

/** Replacement candidates for `device`, as a stock query condition. */
function candidatesFor(device: Row) {
  return (q: StockQuery): StockQuery => {
    let c = q
      .where('d.id', '!=', device.id)
      .where('d.owner_user_id', 'is', null)
      .where(sql.ref('d.citizen_id'), 'is', null)
      .where('d.stop_reason', 'is', null)
      // Free stock, or the stock this device's own customer holds: never another customer's.
      .where((eb) => eb.or([eb('d.customer_id', 'is', null), ...(device.customer_id === null ? [] : [eb('d.customer_id', '=', device.customer_id)]), eb('d.exchange_partner_id', '=', device.id)]))
      .where((eb) => eb.or([eb('d.exchange_state', 'is', null), eb('d.exchange_partner_id', '=', device.id)]));
    c = device.tenant_id === null ? c.where('d.tenant_id', 'is', null) : c.where('d.tenant_id', '=', device.tenant_id);
    return device.model === null ? c : c.where('d.model', '=', device.model);
  };
}

const inCustomerStock = (device: Row, candidate: { customer_id: string | null; exchange_partner_id: string | null }) =>
  candidate.exchange_partner_id === device.id || (device.customer_id !== null && candidate.customer_id === device.customer_id);

export async function availableForExchange(db: Db, engine: SchemaEngine, request: FastifyRequest, query: StockListQuery & { deviceId?: string }) {
  const device = await requireDevice(db, request, query.deviceId ?? '');
  const page = await stockPage(db, engine, request, query, candidatesFor(device));
  return { ...page, items: page.items.map((i) => ({ ...i, inCustomerStock: inCustomerStock(device, { customer_id: i.customerId, exchange_partner_id: i.exchangePartnerId }) })) };
}

async function pairOf(db: Db | Transaction<Database>, request: FastifyRequest, deviceId: string, replacementId: string) {
  const device = await requireDevice(db, request, deviceId);
  const replacement = await requireDevice(db, request, replacementId);
  const candidate = await candidatesFor(device)(visibleDevices(db, request)).select('d.id').where('d.id', '=', replacement.id).executeTakeFirst();
  if (!candidate) throw badRequest(translate('stock:errors.notReplacement', request.language, { name: replacement.name }), [{ message: translate('stock:errors.notReplacement', request.language, { name: replacement.name }), members: ['replacementId'] }]);
  return { device, replacement };
}

async function both(db: Db, engine: SchemaEngine, request: FastifyRequest, ids: string[]) {
  const rows = await selectStock(engine, visibleDevices(db, request).where('d.id', 'in', ids)).execute();
  const [device, replacement] = ids.map((id) => stockRecord(rows.find((r) => r.id === id)!));
  return { device, replacement };
}

export async function sendReplacement(db: Db, engine: SchemaEngine, request: FastifyRequest, deviceId: string, replacementId: string) {
  const lang = request.language;
  await db.transaction().execute(async (trx) => {
    const { device, replacement } = await pairOf(trx, request, deviceId, replacementId);
    if (device.exchange_state !== null || device.stop_reason === 'trashed') {
      const message = translate('stock:errors.inExchange', lang, { name: device.name });
      throw badRequest(message, [{ message, members: ['deviceId'] }]);
    }
    await trx.updateTable('devices').set({ exchange_state: 'readyToExchange', exchange_partner_id: replacement.id, concurrency_stamp: sql`gen_random_uuid()::text` }).where('id', '=', device.id).execute();
    await trx
      .updateTable('devices')
      .set({ exchange_state: 'withCustomerStock', exchange_partner_id: device.id, customer_id: device.customer_id, concurrency_stamp: sql`gen_random_uuid()::text` })
      .where('id', '=', replacement.id)
      .execute();
    await recordHistory(trx, request, device, 'readyToExchange', { replacementId: replacement.id, replacementImei: replacement.imei });
    await recordHistory(trx, request, replacement, 'sentAsReplacement', { deviceId: device.id, deviceImei: device.imei });
  });
  return both(db, engine, request, [deviceId, replacementId]);
}

export async function exchangeWithCustomerStock(db: Db, engine: SchemaEngine, request: FastifyRequest, deviceId: string, replacementId: string) {
  const lang = request.language;
  await db.transaction().execute(async (trx) => {
    const { device, replacement } = await pairOf(trx, request, deviceId, replacementId);
    if (!inCustomerStock(device, replacement)) {
      const message = translate('stock:errors.notInCustomerStock', lang, { name: replacement.name });
      throw badRequest(message, [{ message, members: ['replacementId'] }]);
    }
    const citizen = await trx.selectFrom('devices').select(sql<string | null>`citizen_id`.as('citizen_id')).where('id', '=', device.id).executeTakeFirstOrThrow();
    await trx
      .updateTable('devices')
      .set({
        owner_user_id: device.owner_user_id,
        name: device.name,
        subscription_status: device.subscription_status,
        organization_id: device.organization_id,
        customer_id: device.customer_id,
        sales_type: device.sales_type,
        exchange_state: null,
        exchange_partner_id: device.id,
        concurrency_stamp: sql`gen_random_uuid()::text`,
      })
      .where('id', '=', replacement.id)
      .execute();
    await setSchemaColumns(trx, replacement.id, { citizen_id: citizen.citizen_id });
    await trx.updateTable('device_alarm_receivers').set({ device_id: replacement.id }).where('device_id', '=', device.id).execute();
    await trx.updateTable('geofence_links').set({ device_id: replacement.id }).where('device_id', '=', device.id).execute();
    await trx
      .updateTable('devices')
      .set({
        owner_user_id: null,
        exchange_state: null,
        exchange_partner_id: replacement.id,
        stop_reason: 'awaitingReturn',
        stop_time: new Date(),
        stop_user_id: request.principal?.userId ?? null,
        concurrency_stamp: sql`gen_random_uuid()::text`,
      })
      .where('id', '=', device.id)
      .execute();
    await setSchemaColumns(trx, device.id, { citizen_id: null });
    await recordHistory(trx, request, device, 'exchanged', { replacementId: replacement.id, replacementImei: replacement.imei });
    await recordHistory(trx, request, replacement, 'replaced', { deviceId: device.id, deviceImei: device.imei });
  });
  return both(db, engine, request, [deviceId, replacementId]);
}
