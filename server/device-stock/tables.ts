import type { ColumnType, Generated } from 'kysely';
import type { Nullable } from '../db/columns';

/** Why a device is out of service (stop/<reason> in the API path, stored camelCase). */
export const STOP_REASONS = ['lost', 'awaitingReturn', 'returned', 'customerDevice', 'trashed'] as const;
export type StopReason = (typeof STOP_REASONS)[number];
export const EXCHANGE_STATES = ['readyToExchange', 'withCustomerStock'] as const;
export type ExchangeState = (typeof EXCHANGE_STATES)[number];
export const SALES_TYPES = ['sale', 'rental', 'loan', 'demo'] as const;
export type SalesType = (typeof SALES_TYPES)[number];


/** The device stock columns migration 011 adds to the devices table (server/devices/tables.ts), merged into its row type. */
declare module '../devices/tables' {
  interface DevicesTable {
    stop_reason: Nullable<StopReason>;
    stop_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    stop_user_id: Nullable<string>;
    exchange_state: Nullable<ExchangeState>;
    exchange_partner_id: Nullable<string>;
    customer_id: Nullable<string>;
    organization_id: Nullable<string>;
    sales_type: Generated<SalesType>;
  }
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

/** Tables of this module (its migration in server/db/migrations), in the Database type. */
declare module '../db/tables' {
  interface Database {
    device_stock_history: DeviceStockHistoryTable;
  }
}
