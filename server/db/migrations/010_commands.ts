import { sql, type Kysely } from 'kysely';

/**
 * Commands and device settings (server/commands):
 * - `device_commands`: every command sent or queued for a device, from a template, a position or
 *   history request, or a settings change, with its channel (device or SMS) and status
 *   (queued, sent, delivered, failed);
 * - `device_settings`: per device, the settings staff want and the ones the device last reported.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('device_commands')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('device_id', 'uuid', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('template_id', 'uuid')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('attributes', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('device', 'sms')`))
    .addColumn('phone_number', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'sent', 'delivered', 'failed')`))
    .addColumn('error', 'text')
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('sent_time', 'timestamptz')
    .addColumn('delivered_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('device_commands_device_idx').on('device_commands').columns(['device_id', 'creation_time desc']).execute();
  await sql`create index device_commands_queued_idx on device_commands (device_id, creation_time) where status = 'queued'`.execute(db);

  await db.schema
    .createTable('device_settings')
    .addColumn('device_id', 'uuid', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('wanted', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('wanted_time', 'timestamptz')
    .addColumn('reported', 'jsonb')
    .addColumn('reported_time', 'timestamptz')
    .addColumn('concurrency_stamp', 'text', (c) => c.notNull())
    .execute();
}
