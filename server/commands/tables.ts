import type { ColumnType } from 'kysely';

type Json<T> = ColumnType<T, string | undefined, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;
type Time = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/**
 * queued (waiting for the watch) → sent (written to its connection, handed over in an OsmAnd
 * answer, or accepted by the SMS gateway) → acknowledged (the watch echoed it); or failed, or
 * expired (still queued when its time ran out, command-states.ts COMMAND_LIFETIMES).
 */
export const COMMAND_STATUSES = ['queued', 'sent', 'acknowledged', 'failed', 'expired'] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];

export interface DeviceCommandsTable {
  id: string;
  tenant_id: string | null;
  device_id: string;
  user_id: string | null;
  /**
   * A protocol's command type (server/protocols/types.ts CommandType, its values in `attributes`),
   * or 'template' (the filled `text`, sent as the protocol's custom command). Rows from before
   * migration 031 may say 'history' or 'settings'.
   */
  type: string;
  template_id: string | null;
  /** What an OsmAnd answer hands over (the filled template, a custom command's data, else the type). */
  text: string;
  /** The command's values; `settings` (not sent) names the device settings it sets, merged into the reported ones when acknowledged. */
  attributes: Json<Record<string, unknown>>;
  channel: 'device' | 'sms';
  phone_number: string | null;
  status: CommandStatus;
  error: string | null;
  creation_time: ColumnType<Date, Date | string | undefined, never>;
  sent_time: Time;
  acknowledged_time: Time;
}

/** Every state a command took, with its time (written in the statement that changed it). */
export interface DeviceCommandEventsTable {
  id: ColumnType<string, never, never>;
  command_id: string;
  tenant_id: string | null;
  status: CommandStatus;
  time: ColumnType<Date, Date | string, never>;
  detail: string | null;
}

export interface DeviceSettingsTable {
  device_id: string;
  tenant_id: string | null;
  model: string;
  wanted: Json<Record<string, unknown>>;
  wanted_time: Time;
  reported: NullableJson<Record<string, unknown>>;
  reported_time: Time;
  concurrency_stamp: string;
}

/** Tables of this module (its migration in server/db/migrations), in the Database type. */
declare module '../db/tables' {
  interface Database {
    device_commands: DeviceCommandsTable;
    device_command_events: DeviceCommandEventsTable;
    device_settings: DeviceSettingsTable;
  }
}
