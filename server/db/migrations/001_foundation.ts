import { sql, type Kysely } from 'kysely';

/** Identity, tenancy, sign-in state and the first device table. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .createTable('tenants')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('normalized_name', 'text', (c) => c.notNull().unique())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('activation_end_date', 'timestamptz')
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('concurrency_stamp', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.references('tenants.id'))
    .addColumn('user_name', 'text', (c) => c.notNull())
    // User names and emails are unique across the whole system: a user signs in with either and
    // the tenant comes from the account.
    .addColumn('normalized_user_name', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('normalized_email', 'text', (c) => c.notNull().unique())
    .addColumn('email_confirmed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('surname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone_number', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('lockout_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('lockout_end', 'timestamptz')
    .addColumn('access_failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('two_factor_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('security_stamp', 'text', (c) => c.notNull())
    .addColumn('concurrency_stamp', 'text', (c) => c.notNull())
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_sign_in_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('users_tenant_idx').on('users').column('tenant_id').execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('normalized_name', 'text', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_public', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_static', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('concurrency_stamp', 'text', (c) => c.notNull())
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // One role name per tenant; host roles have no tenant (NULLS NOT DISTINCT keeps them unique too).
  await sql`create unique index roles_tenant_name_uq on roles (tenant_id, normalized_name) nulls not distinct`.execute(db);

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'uuid', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid')
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_roles_role_idx').on('user_roles').column('role_id').execute();

  await db.schema
    .createTable('permission_grants')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('provider_name', 'text', (c) => c.notNull())
    .addColumn('provider_key', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index permission_grants_uq on permission_grants (tenant_id, provider_name, provider_key, name) nulls not distinct`.execute(db);

  await db.schema
    .createTable('feature_values')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('provider_name', 'text', (c) => c.notNull())
    .addColumn('provider_key', 'text', (c) => c.notNull())
    .addUniqueConstraint('feature_values_uq', ['provider_name', 'provider_key', 'name'])
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('provider_name', 'text')
    .addColumn('provider_key', 'text')
    .execute();
  await sql`create unique index settings_uq on settings (provider_name, provider_key, name) nulls not distinct`.execute(db);

  // Sign-in state of the OpenID Connect issuer: sessions, codes, tokens, grants, interactions.
  await db.schema
    .createTable('oidc_payloads')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
    .execute();
  await db.schema.createIndex('oidc_payloads_grant_idx').on('oidc_payloads').column('grant_id').execute();
  await db.schema.createIndex('oidc_payloads_uid_idx').on('oidc_payloads').column('uid').execute();
  await db.schema.createIndex('oidc_payloads_expires_idx').on('oidc_payloads').column('expires_at').execute();

  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('security_logs')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('user_id', 'uuid')
    .addColumn('user_name', 'text')
    .addColumn('application_name', 'text', (c) => c.notNull())
    .addColumn('identity', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text')
    .addColumn('client_ip_address', 'text')
    .addColumn('browser_info', 'text')
    .addColumn('correlation_id', 'text')
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('security_logs_user_time_idx').on('security_logs').columns(['user_id', 'creation_time']).execute();
  await db.schema.createIndex('security_logs_tenant_time_idx').on('security_logs').columns(['tenant_id', 'creation_time']).execute();

  await db.schema
    .createTable('devices')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.references('tenants.id'))
    .addColumn('owner_user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('imei', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text')
    .addColumn('model', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('offline'))
    .addColumn('subscription_status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('battery_level', 'integer')
    .addColumn('last_contact', 'timestamptz')
    .addColumn('is_deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('concurrency_stamp', 'text', (c) => c.notNull())
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('creator_id', 'uuid')
    .execute();
  // A watch is known by its IMEI across the whole system (the ingest point has no tenant).
  await sql`create unique index devices_imei_uq on devices (imei) where not is_deleted`.execute(db);
  await db.schema.createIndex('devices_tenant_idx').on('devices').columns(['tenant_id', 'name']).execute();
  await db.schema.createIndex('devices_owner_idx').on('devices').column('owner_user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'devices', 'security_logs', 'rate_limits', 'server_secrets', 'oidc_payloads', 'settings',
    'feature_values', 'permission_grants', 'user_roles', 'roles', 'users', 'tenants',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
