import { sql, type Kysely } from 'kysely';

/**
 * Caregiver accounts (server/accounts):
 * - `caregiver_profiles`: what a self-registered carer chose (product-update mails, when the terms
 *   were accepted) and the language mails to them are written in;
 * - `account_tokens`: single-use, expiring links sent by mail (registration); only a SHA-256 of
 *   the token is kept, so a leaked table opens nothing;
 * - `account_transfers`: one carer handing their watches and billing to another, accepted by the
 *   recipient through a single-use, expiring link (at most one pending per sender);
 * - `user_avatars`: the picture itself, in the database so every API node serves it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .createTable('caregiver_profiles')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('product_updates', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('terms_accepted_time', 'timestamptz')
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('registration')`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_time', 'timestamptz', (c) => c.notNull())
    .addColumn('used_time', 'timestamptz')
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('account_tokens_user_idx').on('account_tokens').columns(['user_id', 'purpose']).execute();

  await db.schema
    .createTable('account_transfers')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('sender_user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipient_user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'accepted', 'cancelled')`))
    .addColumn('expires_time', 'timestamptz', (c) => c.notNull())
    .addColumn('accepted_time', 'timestamptz')
    .addColumn('device_count', 'integer')
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create unique index account_transfers_pending_uq on account_transfers (sender_user_id) where status = 'pending'`.execute(db);
  await db.schema.createIndex('account_transfers_recipient_idx').on('account_transfers').columns(['recipient_user_id', 'status']).execute();

  await db.schema
    .createTable('user_avatars')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid')
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addColumn('updated_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['user_avatars', 'account_transfers', 'account_tokens', 'caregiver_profiles']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
