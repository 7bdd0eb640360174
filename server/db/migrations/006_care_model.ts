import { sql, type Kysely } from 'kysely';

/**
 * The care model several modules share:
 * - `device_alarm_receivers`: who is alarmed for a device (the owner's invited carers; a receiver
 *   who has not activated an account yet stays 'invited' and receives nothing);
 * - `geofences` (circle: centre and radius in metres; polygon: points as [[lat, lon], ...]) with an
 *   optional schedule ({ from: 'HH:mm', to: 'HH:mm', timeZone }) and their links to devices and
 *   citizens;
 * - `device_events`: what happened to a device (geofenceExit, geofenceEnter, sos, fall, lowBattery,
 *   offline, online, commandResult), newest first per device and per tenant;
 * - `device_messages`: what each device sent lately, raw, with what became of it (stored,
 *   duplicate, rejected, unknownDevice, rateLimited), for /troubleshoot and for counting bad input;
 * - `mail_outbox`: every mail the product sends, written in the transaction of the change that
 *   causes it and delivered by server/mail/worker.ts, so a mail is never lost nor sent twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .createTable('device_alarm_receivers')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('device_id', 'uuid', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('language', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('invited').check(sql`status in ('invited', 'active')`))
    .addColumn('invited_by_user_id', 'uuid')
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create unique index device_alarm_receivers_uq on device_alarm_receivers (device_id, lower(email))`.execute(db);
  await db.schema.createIndex('device_alarm_receivers_user_idx').on('device_alarm_receivers').column('user_id').execute();

  await db.schema
    .createTable('geofences')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('owner_user_id', 'uuid')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('shape', 'text', (c) => c.notNull().check(sql`shape in ('circle', 'polygon')`))
    .addColumn('center_lat', 'double precision')
    .addColumn('center_lon', 'double precision')
    .addColumn('radius_m', 'double precision')
    .addColumn('points', 'jsonb')
    .addColumn('schedule', 'jsonb')
    .addColumn('is_deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('concurrency_stamp', 'text', (c) => c.notNull())
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('creator_id', 'uuid')
    .addColumn('last_modification_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('geofences_tenant_idx').on('geofences').columns(['tenant_id', 'name']).execute();

  await db.schema
    .createTable('geofence_links')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('geofence_id', 'uuid', (c) => c.notNull().references('geofences.id').onDelete('cascade'))
    .addColumn('device_id', 'uuid', (c) => c.references('devices.id').onDelete('cascade'))
    .addColumn('citizen_id', 'uuid')
    .addCheckConstraint('geofence_links_target', sql`device_id is not null or citizen_id is not null`)
    .execute();
  await db.schema.createIndex('geofence_links_device_idx').on('geofence_links').column('device_id').execute();
  await db.schema.createIndex('geofence_links_citizen_idx').on('geofence_links').column('citizen_id').execute();
  await db.schema.createIndex('geofence_links_geofence_idx').on('geofence_links').column('geofence_id').execute();

  await db.schema
    .createTable('device_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('device_id', 'uuid', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('event_time', 'timestamptz', (c) => c.notNull())
    .addColumn('position_id', 'uuid')
    .addColumn('geofence_id', 'uuid')
    .addColumn('attributes', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('device_events_device_idx').on('device_events').columns(['device_id', 'event_time desc']).execute();
  await db.schema.createIndex('device_events_tenant_idx').on('device_events').columns(['tenant_id', 'event_time desc']).execute();

  await db.schema
    .createTable('device_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('device_id', 'uuid', (c) => c.references('devices.id').onDelete('cascade'))
    .addColumn('unique_id', 'text', (c) => c.notNull())
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('remote_address', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('received_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('device_messages_device_idx').on('device_messages').columns(['device_id', 'received_time desc']).execute();
  await db.schema.createIndex('device_messages_unique_idx').on('device_messages').columns(['unique_id', 'received_time desc']).execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('sent_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('mail_outbox_pending_idx').on('mail_outbox').columns(['status', 'next_attempt_time']).execute();
}
