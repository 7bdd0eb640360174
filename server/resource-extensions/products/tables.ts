import type { ColumnType } from 'kysely';

type Money = ColumnType<string | number, number, number>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;

/** The host's list price of a product in one currency (003_pricing). */
export interface ProductListPricesTable {
  product_key: string;
  currency: string;
  price: Money;
  last_modification_time: Time;
  last_modifier_id: string | null;
}

/** A customer's own price of a product in one currency (003_pricing). */
export interface CustomerPricesTable {
  id: string;
  tenant_id: string | null;
  customer_id: string;
  product_key: string;
  currency: string;
  price: Money;
  creation_time: Time;
  creator_id: string | null;
  last_modification_time: Time | null;
  last_modifier_id: string | null;
}

/** The pricing tables of migration 003_pricing, in the Database type. */
declare module '../../db/tables' {
  interface Database {
    product_list_prices: ProductListPricesTable;
    customer_prices: CustomerPricesTable;
  }
}
