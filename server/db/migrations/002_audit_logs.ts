import { sql, type Kysely } from 'kysely';

/** Audit log (one row per mutating API call, with its entity changes) and the schema engine's state. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_logs')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('user_id', 'uuid')
    .addColumn('user_name', 'text')
    .addColumn('client_id', 'text')
    .addColumn('http_method', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('http_status_code', 'integer')
    .addColumn('execution_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('execution_duration', 'integer')
    .addColumn('client_ip_address', 'text')
    .addColumn('browser_info', 'text')
    .addColumn('exceptions', 'text')
    // [{ entityType, entityId, changeType, propertyChanges: [{ propertyName, originalValue, newValue }] }]
    .addColumn('entity_changes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await db.schema.createIndex('audit_logs_tenant_time_idx').on('audit_logs').columns(['tenant_id', 'execution_time']).execute();
  await db.schema.createIndex('audit_logs_user_time_idx').on('audit_logs').columns(['user_id', 'execution_time']).execute();

  // The columns each schema resource had at the last start, to tell a removed field from a
  // column that hand-written migrations own.
  await db.schema
    .createTable('schema_state')
    .addColumn('resource', 'text', (c) => c.primaryKey())
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('columns', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('schema_state').ifExists().execute();
  await db.schema.dropTable('audit_logs').ifExists().execute();
}
