import { sql, type Kysely } from 'kysely';

/**
 * Tenant management, language management and the audit log list:
 * - tenants get the back office's own fields (`/api/app/customTenant`), a modification time and
 *   soft deletion (as ABP: their users, roles and logs keep pointing at them); a name is unique
 *   among the tenants not deleted;
 * - `languages`: the languages offered (seeded with the five the product has translations for);
 *   which one is the default is the setting 'Abp.Localization.DefaultLanguage', as in ABP;
 * - `language_texts`: translations changed in the back office over resources/locales (tenant_id
 *   null = everyone);
 * - `cache_versions`: a counter per cache that several API nodes keep in memory ('localization'
 *   for the text overrides), bumped in the transaction of every change so each node reloads;
 * - an index for the all-tenants audit log list (newest first over every tenant).
 */
const SEEDED_LANGUAGES = [
  { culture_name: 'en', display_name: 'English', flag_icon: 'gb' },
  { culture_name: 'da-DK', display_name: 'Dansk', flag_icon: 'dk' },
  { culture_name: 'de-DE', display_name: 'Deutsch', flag_icon: 'de' },
  { culture_name: 'sv', display_name: 'Svenska', flag_icon: 'se' },
  { culture_name: 'no', display_name: 'Norsk', flag_icon: 'no' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .alterTable('tenants')
    .addColumn('contact_email', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('address', 'text')
    .addColumn('customer_number', 'text')
    .addColumn('notes', 'text')
    .addColumn('last_modification_time', 'timestamptz')
    .addColumn('is_deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('deletion_time', 'timestamptz')
    .addColumn('deleter_id', 'uuid')
    .execute();
  await db.schema.alterTable('tenants').dropConstraint('tenants_normalized_name_key').execute();
  await sql`create unique index tenants_name_uq on tenants (normalized_name) where not is_deleted`.execute(db);

  await db.schema
    .createTable('languages')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('culture_name', 'text', (c) => c.notNull().unique())
    .addColumn('ui_culture_name', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('flag_icon', 'text')
    .addColumn('is_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_modification_time', 'timestamptz')
    .addColumn('concurrency_stamp', 'text', (c) => c.notNull())
    .execute();
  await (db as Kysely<{ languages: Record<string, unknown> }>)
    .insertInto('languages')
    .values(
      SEEDED_LANGUAGES.map((l) => ({
        ...l,
        id: sql`gen_random_uuid()`,
        ui_culture_name: l.culture_name,
        concurrency_stamp: sql`gen_random_uuid()::text`,
      })),
    )
    .execute();

  await db.schema
    .createTable('language_texts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('resource_name', 'text', (c) => c.notNull())
    .addColumn('culture_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('last_modification_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_modifier_id', 'uuid')
    .execute();
  await sql`create unique index language_texts_uq on language_texts (tenant_id, resource_name, culture_name, name) nulls not distinct`.execute(db);

  await db.schema
    .createTable('cache_versions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into cache_versions (name, version) values ('localization', 0)`.execute(db);

  await db.schema.createIndex('audit_logs_time_idx').on('audit_logs').column('execution_time').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_logs_time_idx').ifExists().execute();
  for (const table of ['cache_versions', 'language_texts', 'languages']) await db.schema.dropTable(table).ifExists().execute();
  await sql`drop index if exists tenants_name_uq`.execute(db);
  await db.schema.alterTable('tenants').addUniqueConstraint('tenants_normalized_name_key', ['normalized_name']).execute();
  await db.schema
    .alterTable('tenants')
    .dropColumn('is_deleted')
    .dropColumn('deletion_time')
    .dropColumn('deleter_id')
    .dropColumn('contact_email')
    .dropColumn('phone_number')
    .dropColumn('address')
    .dropColumn('customer_number')
    .dropColumn('notes')
    .dropColumn('last_modification_time')
    .execute();
}
