import type { ColumnType } from 'kysely';

type Json<T> = ColumnType<T, string | undefined, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;
type Time = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type CommandStatus = 'queued' | 'sent' | 'delivered' | 'failed';

export interface DeviceCommandsTable {
  id: string;
  tenant_id: string | null;
  device_id: string;
  user_id: string | null;
  /** 'template', 'positionSingle', 'history' or 'settings'. */
  type: string;
  template_id: string | null;
  /** What goes to the device: the filled template text, or the command name. */
  text: string;
  attributes: Json<Record<string, unknown>>;
  channel: 'device' | 'sms';
  phone_number: string | null;
  status: CommandStatus;
  error: string | null;
  creation_time: ColumnType<Date, Date | string | undefined, never>;
  sent_time: Time;
  delivered_time: Time;
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
    device_settings: DeviceSettingsTable;
  }
}
