import type { ColumnType } from 'kysely';

/** An alarm as an in-app message to one user (009_tracking); acknowledged once read. */
export interface AlarmMessagesTable {
  id: string;
  tenant_id: string | null;
  user_id: string;
  event_id: string;
  device_id: string;
  type: string;
  subject: string;
  body: string;
  event_time: ColumnType<Date, Date | string, Date | string>;
  creation_time: ColumnType<Date, Date | string | undefined, never>;
  acknowledged_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Tables of this module (its migration in server/db/migrations), in the Database type. */
declare module '../db/tables' {
  interface Database {
    alarm_messages: AlarmMessagesTable;
  }
}
