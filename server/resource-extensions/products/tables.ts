import type { ColumnType, Kysely } from 'kysely';
import type { Db } from '../../db/database';

/** The pricing tables of migration 003_pricing, typed for this module's queries. */
type Money = ColumnType<string | number, number, number>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;

export interface PricingTables {
  product_list_prices: {
    product_key: string;
    currency: string;
    price: Money;
    last_modification_time: Time;
    last_modifier_id: string | null;
  };
  customer_prices: {
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
  };
}

export const pricingDb = (db: Db | Kysely<unknown>) => db as unknown as Kysely<PricingTables>;
