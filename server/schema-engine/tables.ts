import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { Nullable } from '../db/columns';

/** The engine's record of each schema resource's table and columns at the last start (sync-tables.ts). */
export interface SchemaStateTable {
  resource: string;
  table_name: string;
  /** { column: sqlType } of the schema's own columns at the last start. */
  columns: JSONColumnType<Record<string, string>>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** System columns of every schema resource's table (SYSTEM_COLUMNS in columns.ts) that typed queries use. */
interface ResourceRow {
  id: string;
  tenant_id: string | null;
  concurrency_stamp: string;
  is_deleted: Generated<boolean>;
}

/** schemas/wifis.json: a tenant's known Wi-Fi network and where it is (places a fix that has no GPS). */
export interface WifisTable extends ResourceRow {
  mac_address: string;
  ssid: Nullable<string>;
  latitude: number | null;
  longitude: number | null;
  address: Nullable<string>;
  citizen_id: Nullable<string>;
}

/** schemas/alarm-texts.json: a tenant's own alarm text by event type and culture. */
export interface AlarmTextsTable extends ResourceRow {
  event_type: string;
  language: string;
  subject: string;
  body: string;
}

/**
 * The engine's own table and the schema resources' tables that server code queries by name, in the
 * Database type. The tables are made at start from schemas/*.json, so a deployment may lack one.
 */
declare module '../db/tables' {
  interface Database {
    schema_state: SchemaStateTable;
    wifis: WifisTable;
    alarm_texts: AlarmTextsTable;
  }
}
