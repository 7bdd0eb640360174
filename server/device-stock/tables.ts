import type { ColumnType, Generated } from 'kysely';

/** Why a device is out of service (stop/<reason> in the API path, stored camelCase). */
export const STOP_REASONS = ['lost', 'awaitingReturn', 'returned', 'customerDevice', 'trashed'] as const;
export type StopReason = (typeof STOP_REASONS)[number];
export const EXCHANGE_STATES = ['readyToExchange', 'withCustomerStock'] as const;
export type ExchangeState = (typeof EXCHANGE_STATES)[number];
export const SALES_TYPES = ['sale', 'rental', 'loan', 'demo'] as const;
export type SalesType = (typeof SALES_TYPES)[number];

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** The device stock columns migration 011 adds to the shared devices table. */
export interface DeviceStockColumns {
  stop_reason: Nullable<StopReason>;
  stop_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  stop_user_id: Nullable<string>;
  exchange_state: Nullable<ExchangeState>;
  exchange_partner_id: Nullable<string>;
  customer_id: Nullable<string>;
  organization_id: Nullable<string>;
  sales_type: Generated<SalesType>;
}

declare module '../db/tables' {
  // Declaration merging: the devices table gains this module's columns without editing the shared type.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface DevicesTable extends DeviceStockColumns {}
}

export interface DeviceStockHistoryTable {
  id: string;
  tenant_id: string | null;
  device_id: string;
  action: string;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  user_id: string | null;
  time: ColumnType<Date, Date | string | undefined, never>;
}

/** Tables of this module (its migration in server/db/migrations), merged into the Database type. */
export interface DeviceStockTables {
  device_stock_history: DeviceStockHistoryTable;
}
