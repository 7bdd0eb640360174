import { sql, type Kysely } from 'kysely';

/**
 * Web Push for alarms (issue 16):
 * - push_vapid_keys: the server's VAPID key pair (RFC 8292), made by the first node that starts
 *   and read back by every other, so all API nodes sign push requests with the same key;
 * - push_subscriptions: a browser's push subscription (endpoint and its p256dh/auth keys), one
 *   owner per endpoint, at most a few per user (server/push).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('push_vapid_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid')
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('device_name', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_success_at', 'timestamptz')
    .execute();
  await sql`create index push_subscriptions_user on push_subscriptions (user_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_subscriptions').ifExists().execute();
  await db.schema.dropTable('push_vapid_keys').ifExists().execute();
}
