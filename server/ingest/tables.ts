import type { ColumnType } from 'kysely';
import type { Nullable, NullableTimestamp, Timestamp } from '../db/columns';
import type { ZoneState } from '../alarms/evaluate';

/** One fix of a device (009_tracking). Speed in knots as the OsmAnd protocol sends it. */
export interface PositionsTable {
  id: string;
  tenant_id: string | null;
  device_id: string;
  fix_time: Timestamp;
  server_time: ColumnType<Date, Date | string | undefined, Date | string>;
  latitude: number;
  longitude: number;
  altitude: Nullable<number>;
  speed: Nullable<number>;
  course: Nullable<number>;
  accuracy: Nullable<number>;
  battery: Nullable<number>;
  valid: ColumnType<boolean, boolean | undefined, boolean>;
  attributes: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  /** The retention class it is kept in (server/history): its tenant's, at write time. */
  keep_days: ColumnType<number, number | undefined, number>;
}

/** A device's runtime state, rewritten on every fix (009_tracking). */
export interface DeviceStateTable {
  device_id: string;
  tenant_id: string | null;
  online: ColumnType<boolean, boolean | undefined, boolean>;
  last_seen: NullableTimestamp;
  /** When devices.last_contact was last written (it is refreshed at most once a minute). */
  contact_synced: NullableTimestamp;
  fix_time: NullableTimestamp;
  latitude: Nullable<number>;
  longitude: Nullable<number>;
  accuracy: Nullable<number>;
  battery: Nullable<number>;
  charging: Nullable<boolean>;
  low_battery_alarmed: ColumnType<boolean, boolean | undefined, boolean>;
  zones: ColumnType<Record<string, ZoneState>, string | undefined, string>;
  message_seq: ColumnType<string, number | string | undefined, number | string>;
  offline_after_s: Nullable<number>;
  low_battery_threshold: Nullable<number>;
  /** The watch's connection closed: it shows offline, and its offline alarm waits for its timeout (032_live_connections). */
  offline_pending: ColumnType<boolean, boolean | undefined, boolean>;
}

/** The node holding a watch's live connection (032_live_connections); a new connection replaces the row. */
export interface DeviceConnectionsTable {
  device_id: string;
  tenant_id: string | null;
  node_id: string;
  connection_id: string;
  protocol: string;
  remote_address: string | null;
  connected_time: ColumnType<Date, Date, Date>;
  last_in_time: NullableTimestamp;
  last_out_time: NullableTimestamp;
}

/** Tables of this module (its migration in server/db/migrations), in the Database type. */
declare module '../db/tables' {
  interface Database {
    positions: PositionsTable;
    device_state: DeviceStateTable;
    device_connections: DeviceConnectionsTable;
  }
}
