import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Nullable, NullableTimestamp, Timestamp } from '../db/columns';

/** The care model several modules share (migration 006_care_model): receivers, geofences, events, raw messages. */
export interface DeviceAlarmReceiversTable {
  id: string;
  tenant_id: string | null;
  device_id: string;
  user_id: Nullable<string>;
  email: string;
  name: Nullable<string>;
  language: Nullable<string>;
  status: Generated<'invited' | 'active'>;
  invited_by_user_id: Nullable<string>;
  creation_time: CreatedAt;
}

/** A schedule limits alarms to a time window, e.g. outside between 22:00 and 06:00 local time. */
export interface GeofenceSchedule {
  from: string;
  to: string;
  timeZone: string;
}

export interface GeofencesTable {
  id: string;
  tenant_id: string | null;
  owner_user_id: Nullable<string>;
  name: string;
  shape: 'circle' | 'polygon';
  center_lat: Nullable<number>;
  center_lon: Nullable<number>;
  radius_m: Nullable<number>;
  /** Polygon corners as [lat, lon] pairs. */
  points: ColumnType<[number, number][] | null, string | null | undefined, string | null>;
  schedule: ColumnType<GeofenceSchedule | null, string | null | undefined, string | null>;
  is_deleted: Generated<boolean>;
  concurrency_stamp: string;
  creation_time: CreatedAt;
  creator_id: Nullable<string>;
  last_modification_time: NullableTimestamp;
}

export interface GeofenceLinksTable {
  id: string;
  tenant_id: string | null;
  geofence_id: string;
  device_id: Nullable<string>;
  citizen_id: Nullable<string>;
}

export interface DeviceEventsTable {
  id: string;
  tenant_id: string | null;
  device_id: string;
  type: string;
  event_time: Timestamp;
  position_id: Nullable<string>;
  geofence_id: Nullable<string>;
  attributes: ColumnType<Record<string, unknown>, string | undefined, string>;
  creation_time: CreatedAt;
  /** The retention class it is kept in (server/history): its tenant's, at write time. */
  keep_days: ColumnType<number, number | undefined, number>;
}

export interface DeviceMessagesTable {
  id: string;
  tenant_id: Nullable<string>;
  device_id: Nullable<string>;
  unique_id: string;
  protocol: string;
  remote_address: Nullable<string>;
  payload: string;
  outcome: 'stored' | 'duplicate' | 'rejected' | 'unknownDevice' | 'rateLimited';
  detail: Nullable<string>;
  received_time: CreatedAt;
}

/** Tables of this module, in the Database type. */
declare module '../db/tables' {
  interface Database {
    device_alarm_receivers: DeviceAlarmReceiversTable;
    geofences: GeofencesTable;
    geofence_links: GeofenceLinksTable;
    device_events: DeviceEventsTable;
    device_messages: DeviceMessagesTable;
  }
}
