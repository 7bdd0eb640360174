import { sql, type Kysely } from 'kysely';

/**
 * Identity management: soft-deleted users (user names and emails stay unique among live users),
 * sign-in with a phone number, password history, role claims, claim types, organization units
 * with their roles and members, external logins (MitID), weekly working hours, and extra
 * properties on security log entries (what a refused change tried).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .alterTable('users')
    .addColumn('phone_number_login_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('deletion_time', 'timestamptz')
    .addColumn('last_password_change_time', 'timestamptz')
    .execute();
  // A deleted user's name and email may be taken again: unique among live users only.
  await sql`alter table users drop constraint if exists users_normalized_user_name_key`.execute(db);
  await sql`alter table users drop constraint if exists users_normalized_email_key`.execute(db);
  await sql`create unique index users_user_name_uq on users (normalized_user_name) where not is_deleted`.execute(db);
  await sql`create unique index users_email_uq on users (normalized_email) where not is_deleted`.execute(db);
  // A phone number signs in one user at most.
  await sql`create unique index users_phone_login_uq on users (phone_number) where phone_number_login_enabled and not is_deleted`.execute(db);

  await db.schema
    .createTable('user_password_history')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('user_password_history_user_idx').on('user_password_history').columns(['user_id', 'creation_time']).execute();

  await db.schema
    .createTable('claim_types')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('normalized_name', 'text', (c) => c.notNull().unique())
    .addColumn('required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_static', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('regex', 'text')
    .addColumn('regex_description', 'text')
    .addColumn('description', 'text')
    // ABP's IdentityClaimValueType: 0 String, 1 Int, 2 Boolean, 3 DateTime.
    .addColumn('value_type', 'integer', (c) => c.notNull().defaultTo(0).check(sql`value_type between 0 and 3`))
    .addColumn('concurrency_stamp', 'text', (c) => c.notNull())
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('role_claims')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('role_id', 'uuid', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid')
    .addColumn('claim_type', 'text', (c) => c.notNull())
    .addColumn('claim_value', 'text', (c) => c.notNull())
    .addUniqueConstraint('role_claims_uq', ['role_id', 'claim_type', 'claim_value'])
    .execute();

  await db.schema
    .createTable('organization_units')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.references('tenants.id'))
    .addColumn('parent_id', 'uuid', (c) => c.references('organization_units.id').onDelete('cascade'))
    // ABP's hierarchical code: '00001', '00001.00002', ...; a subtree is a code prefix.
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('concurrency_stamp', 'text', (c) => c.notNull())
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create unique index organization_units_code_uq on organization_units (tenant_id, code) nulls not distinct`.execute(db);
  await db.schema.createIndex('organization_units_parent_idx').on('organization_units').column('parent_id').execute();

  await db.schema
    .createTable('organization_unit_roles')
    .addColumn('organization_unit_id', 'uuid', (c) => c.notNull().references('organization_units.id').onDelete('cascade'))
    .addColumn('role_id', 'uuid', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid')
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('organization_unit_roles_pk', ['organization_unit_id', 'role_id'])
    .execute();
  await db.schema.createIndex('organization_unit_roles_role_idx').on('organization_unit_roles').column('role_id').execute();

  await db.schema
    .createTable('user_organization_units')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organization_unit_id', 'uuid', (c) => c.notNull().references('organization_units.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid')
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('user_organization_units_pk', ['user_id', 'organization_unit_id'])
    .execute();
  await db.schema.createIndex('user_organization_units_ou_idx').on('user_organization_units').column('organization_unit_id').execute();

  // Identities at external OpenID Connect issuers (provider 'MitID' and its subject) linked to users.
  await db.schema
    .createTable('external_logins')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text')
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_used_time', 'timestamptz')
    .addUniqueConstraint('external_logins_subject_uq', ['provider', 'subject'])
    .addUniqueConstraint('external_logins_user_uq', ['user_id', 'provider'])
    .execute();

  // Weekly working hours: day 0 (Sunday) to 6, 'HH:mm' to 'HH:mm' on the same day.
  await db.schema
    .createTable('user_working_hours')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid')
    .addColumn('day_of_week', 'smallint', (c) => c.notNull().check(sql`day_of_week between 0 and 6`))
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addCheckConstraint('user_working_hours_order', sql`start_time < end_time`)
    .execute();
  await db.schema.createIndex('user_working_hours_user_idx').on('user_working_hours').columns(['user_id', 'day_of_week']).execute();

  await db.schema
    .alterTable('security_logs')
    .addColumn('extra_properties', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('security_logs').dropColumn('extra_properties').execute();
  for (const table of [
    'user_working_hours', 'external_logins', 'user_organization_units', 'organization_unit_roles', 'organization_units',
    'role_claims', 'claim_types', 'user_password_history',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`drop index if exists users_phone_login_uq`.execute(db);
  await sql`drop index if exists users_email_uq`.execute(db);
  await sql`drop index if exists users_user_name_uq`.execute(db);
  await sql`delete from users where is_deleted`.execute(db);
  await sql`alter table users add constraint users_normalized_user_name_key unique (normalized_user_name)`.execute(db);
  await sql`alter table users add constraint users_normalized_email_key unique (normalized_email)`.execute(db);
  await db.schema
    .alterTable('users')
    .dropColumn('last_password_change_time')
    .dropColumn('deletion_time')
    .dropColumn('is_deleted')
    .dropColumn('phone_number_login_enabled')
    .execute();
}
