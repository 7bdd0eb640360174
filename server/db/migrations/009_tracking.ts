import { sql, type Kysely } from 'kysely';

/**
 * Tracking: positions, device runtime state, in-app alarm messages (server/ingest, server/alarms).
 *
 * Built for the ingest rate: `positions` has no primary key index, only the unique index on
 * (device_id, fix_time) every trail query uses and which also drops replayed fixes
 * (INSERT ... ON CONFLICT DO NOTHING). `device_state` is one narrow row per device rewritten on
 * every fix: no index but its key and a low fill factor, so the updates stay HOT.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('positions')
    .addColumn('id', 'uuid', (c) => c.notNull())
    .addColumn('tenant_id', 'uuid')
    .addColumn('device_id', 'uuid', (c) => c.notNull())
    .addColumn('fix_time', 'timestamptz', (c) => c.notNull())
    .addColumn('server_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('altitude', 'real')
    .addColumn('speed', 'real')
    .addColumn('course', 'real')
    .addColumn('accuracy', 'real')
    .addColumn('battery', 'real')
    .addColumn('valid', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('attributes', 'jsonb')
    .execute();
  await db.schema.createIndex('positions_device_fix_uq').on('positions').columns(['device_id', 'fix_time']).unique().execute();

  await db.schema
    .createTable('device_state')
    .addColumn('device_id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('online', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_seen', 'timestamptz')
    .addColumn('contact_synced', 'timestamptz')
    .addColumn('fix_time', 'timestamptz')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('accuracy', 'real')
    .addColumn('battery', 'integer')
    .addColumn('charging', 'boolean')
    .addColumn('low_battery_alarmed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('zones', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('message_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('offline_after_s', 'integer')
    .addColumn('low_battery_threshold', 'integer')
    .execute();
  await sql`alter table device_state set (fillfactor = 50)`.execute(db);

  await db.schema
    .createTable('alarm_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('event_id', 'uuid', (c) => c.notNull())
    .addColumn('device_id', 'uuid', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('event_time', 'timestamptz', (c) => c.notNull())
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('acknowledged_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('alarm_messages_user_idx').on('alarm_messages').columns(['user_id', 'creation_time desc']).execute();
}
