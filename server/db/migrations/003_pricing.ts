import { sql, type Kysely } from 'kysely';

/**
 * Pricing: the host's list price of each product per currency, and customer-specific prices that
 * override it (server/resource-extensions/products, server/resource-extensions/customers). Products are the two
 * subscription plans ('subscription:monthly', 'subscription:annual') and the host's accessories
 * ('accessory:<id>'). Money is numeric(12,2): exact, never a float. Customer rows carry tenant_id
 * like every tenant table; customers live in a schema-engine table created after migrations, so
 * there is no foreign key to it.
 */
export const SUBSCRIPTION_LIST_PRICES: Record<string, Record<string, number>> = {
  'subscription:monthly': { DKK: 199, EUR: 27, SEK: 299, NOK: 299, USD: 29 },
  'subscription:annual': { DKK: 1990, EUR: 269, SEK: 2990, NOK: 2990, USD: 289 },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('product_list_prices')
    .addColumn('product_key', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('price', sql`numeric(12,2)`, (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('last_modification_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_modifier_id', 'uuid')
    .addPrimaryKeyConstraint('product_list_prices_pk', ['product_key', 'currency'])
    .execute();
  const rows = Object.entries(SUBSCRIPTION_LIST_PRICES).flatMap(([key, prices]) => Object.entries(prices).map(([currency, price]) => ({ product_key: key, currency, price })));
  await (db as Kysely<{ product_list_prices: { product_key: string; currency: string; price: number } }>).insertInto('product_list_prices').values(rows).execute();

  await db.schema
    .createTable('customer_prices')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('customer_id', 'uuid', (c) => c.notNull())
    .addColumn('product_key', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('price', sql`numeric(12,2)`, (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('creator_id', 'uuid')
    .addColumn('last_modification_time', 'timestamptz')
    .addColumn('last_modifier_id', 'uuid')
    .execute();
  await db.schema.createIndex('customer_prices_uq').on('customer_prices').columns(['customer_id', 'product_key', 'currency']).unique().execute();
  await db.schema.createIndex('customer_prices_tenant_idx').on('customer_prices').columns(['tenant_id', 'customer_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('customer_prices').ifExists().execute();
  await db.schema.dropTable('product_list_prices').ifExists().execute();
}
