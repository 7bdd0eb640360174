import { sql, type Kysely } from 'kysely';

/**
 * Billing (server/billing). The product's own record of every account's billing, whichever payment
 * gateway processes the money: the built-in gateway keeps nothing else, the Stripe adapter keeps
 * Stripe's ids beside it.
 * - `billing_customers`: one per account (user) with the billing details printed on invoices;
 * - `billing_cards`: brand, last 4 digits and expiry only (never the number or the CVC);
 * - `billing_subscriptions`: one live subscription per device, 'active' | 'paused' | 'canceled';
 * - `billing_invoices`: one per charged period, with the seller and buyer as printed;
 * - `billing_jobs`: the queue the billing run works from (claimed with a lease, SKIP LOCKED);
 * - `billing_requests`: answers to requests that carried an Idempotency-Key, so a repeated
 *   request (a double click, a retry) gets the first answer instead of acting twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('billing_customers')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('gateway_customer_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('name', 'text')
    .addColumn('company_name', 'text')
    .addColumn('vat_number', 'text')
    .addColumn('additional_info', 'text')
    .addColumn('concurrency_stamp', 'text', (c) => c.notNull())
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_modification_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('billing_customers_user_uq').on('billing_customers').column('user_id').unique().execute();
  await db.schema.createIndex('billing_customers_gateway_uq').on('billing_customers').columns(['gateway', 'gateway_customer_id']).unique().execute();

  await db.schema
    .createTable('billing_cards')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('billing_customers.id').onDelete('cascade'))
    .addColumn('gateway_card_id', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull().check(sql`last4 ~ '^[0-9]{4}$'`))
    .addColumn('exp_month', 'integer', (c) => c.notNull().check(sql`exp_month between 1 and 12`))
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    // Built-in gateway only: the decline a charge on this card answers (Stripe's test cards that
    // attach but fail to charge). A behaviour of the test card, not card data.
    .addColumn('charge_decline_code', 'text')
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('billing_cards_customer_idx').on('billing_cards').column('customer_id').execute();
  await sql`create unique index billing_cards_default_uq on billing_cards (customer_id) where is_default`.execute(db);

  await db.schema
    .createTable('billing_subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('billing_customers.id'))
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('device_id', 'uuid', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull().check(sql`plan in ('monthly', 'annual')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active', 'paused', 'canceled')`))
    .addColumn('amount', sql`numeric(12,2)`, (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('current_period_start', 'timestamptz', (c) => c.notNull())
    .addColumn('current_period_end', 'timestamptz', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paused_time', 'timestamptz')
    .addColumn('canceled_time', 'timestamptz')
    .addColumn('concurrency_stamp', 'text', (c) => c.notNull())
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_modification_time', 'timestamptz')
    .execute();
  await sql`create unique index billing_subscriptions_device_uq on billing_subscriptions (device_id) where status <> 'canceled'`.execute(db);
  await db.schema.createIndex('billing_subscriptions_user_idx').on('billing_subscriptions').columns(['user_id', 'status']).execute();
  await db.schema.createIndex('billing_subscriptions_due_idx').on('billing_subscriptions').columns(['status', 'current_period_end']).execute();

  await db.schema
    .createTable('billing_invoices')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('billing_customers.id'))
    .addColumn('subscription_id', 'uuid', (c) => c.references('billing_subscriptions.id'))
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('paid', 'open', 'void')`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('subtotal', sql`numeric(12,2)`, (c) => c.notNull())
    .addColumn('vat_rate', sql`numeric(5,2)`, (c) => c.notNull())
    .addColumn('vat', sql`numeric(12,2)`, (c) => c.notNull())
    .addColumn('total', sql`numeric(12,2)`, (c) => c.notNull())
    .addColumn('period_start', 'timestamptz', (c) => c.notNull())
    .addColumn('period_end', 'timestamptz', (c) => c.notNull())
    .addColumn('lines', 'jsonb', (c) => c.notNull())
    .addColumn('buyer', 'jsonb', (c) => c.notNull())
    .addColumn('gateway_payment_id', 'text')
    .addColumn('failure_code', 'text')
    .addColumn('issue_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('paid_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('billing_invoices_customer_idx').on('billing_invoices').columns(['customer_id', 'issue_time']).execute();
  await sql`create unique index billing_invoices_period_uq on billing_invoices (subscription_id, period_start) where status <> 'void'`.execute(db);
  await sql`create sequence billing_invoice_number_seq`.execute(db);

  await db.schema
    .createTable('billing_jobs')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    // One pending job per key (e.g. one billing run per hour), so several nodes enqueue it once.
    .addColumn('unique_key', 'text')
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'done', 'failed')`))
    .addColumn('run_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('lease_until', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('finish_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('billing_jobs_unique_key_uq').on('billing_jobs').column('unique_key').unique().execute();
  await db.schema.createIndex('billing_jobs_due_idx').on('billing_jobs').columns(['status', 'run_at']).execute();

  await db.schema
    .createTable('billing_requests')
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response', 'jsonb')
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('billing_requests_pk', ['user_id', 'idempotency_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['billing_requests', 'billing_jobs', 'billing_invoices', 'billing_subscriptions', 'billing_cards', 'billing_customers']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`drop sequence if exists billing_invoice_number_seq`.execute(db);
}
