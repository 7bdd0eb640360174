import { sql, type Kysely } from 'kysely';

/**
 * Device stock (server/device-stock). Columns added to the shared devices table:
 * - stop_reason / stop_time / stop_user_id: why a device is out of service (lost, awaitingReturn,
 *   returned, customerDevice, trashed), since when and who said so;
 * - exchange_state / exchange_partner_id: the exchange flow (readyToExchange for the faulty device,
 *   withCustomerStock for the replacement sent to the customer), each pointing at the other;
 * - customer_id: the customer whose stock holds the device (customerOrder), null in central stock;
 * - organization_id: the organisation the device is used in (nameandOrganization);
 * - sales_type: sale, rental, loan or demo (changesalestype).
 * And device_stock_history: every stock action with its time and user, for the device's history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('devices')
    .addColumn('stop_reason', 'text', (c) => c.check(sql`stop_reason in ('lost', 'awaitingReturn', 'returned', 'customerDevice', 'trashed')`))
    .addColumn('stop_time', 'timestamptz')
    .addColumn('stop_user_id', 'uuid')
    .addColumn('exchange_state', 'text', (c) => c.check(sql`exchange_state in ('readyToExchange', 'withCustomerStock')`))
    .addColumn('exchange_partner_id', 'uuid')
    .addColumn('customer_id', 'uuid')
    .addColumn('organization_id', 'uuid')
    .addColumn('sales_type', 'text', (c) => c.notNull().defaultTo('sale').check(sql`sales_type in ('sale', 'rental', 'loan', 'demo')`))
    .execute();
  await db.schema.createIndex('devices_stock_idx').on('devices').columns(['tenant_id', 'stop_reason', 'customer_id']).execute();

  await db.schema
    .createTable('device_stock_history')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('device_id', 'uuid', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('user_id', 'uuid')
    .addColumn('time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('device_stock_history_device_idx').on('device_stock_history').columns(['device_id', 'time desc']).execute();
}
