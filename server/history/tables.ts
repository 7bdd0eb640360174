import type { ColumnType } from 'kysely';

/** The host's default retention class (one row), pending while history waits to move into it. */
export interface RetentionHostTable {
  id: ColumnType<boolean, never, never>;
  default_days: number;
  pending: ColumnType<boolean, boolean | undefined, boolean>;
}

/** A tenant's own retention class of positions and events; pending until its history is moved. */
export interface TenantRetentionTable {
  tenant_id: string;
  history_days: number;
  pending: ColumnType<boolean, boolean | undefined, boolean>;
  last_modification_time: ColumnType<Date, Date | undefined, Date>;
  last_modifier_id: string | null;
}

/** The retention classes of positions and events (028_partitioned_history), in the Database type. */
declare module '../db/tables' {
  interface Database {
    retention_host: RetentionHostTable;
    tenant_retention: TenantRetentionTable;
  }
}
