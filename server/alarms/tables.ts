import type { ColumnType, JSONColumnType } from 'kysely';
import type { AlarmChannel } from '../../common/alarm-kinds';

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

/** The first acknowledgment of an alarm event (026_jobs_escalation): who took it, which stops its escalation. */
export interface AlarmAcknowledgmentsTable {
  event_id: string;
  tenant_id: string | null;
  user_id: string;
  acknowledged_time: ColumnType<Date, Date | string | undefined, never>;
}

/** A device's escalation order and waits, and the owner's channels (026). */
export interface DeviceEscalationTable {
  device_id: string;
  tenant_id: string | null;
  /** [{ receiver: 'owner' | receiver id, waitMinutes }] in order. */
  steps: JSONColumnType<EscalationStep[], string, string>;
  /** Channels (and phone number for SMS) per receiver ('owner' or receiver id). */
  channels: JSONColumnType<Record<string, ReceiverChannels>, string | undefined, string>;
  last_modification_time: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ReceiverChannels {
  channels: AlarmChannel[];
  phone: string | null;
}

export interface EscalationStep {
  receiver: string;
  waitMinutes: number;
}

/** Tables of this module (its migrations in server/db/migrations), in the Database type. */
declare module '../db/tables' {
  interface Database {
    alarm_messages: AlarmMessagesTable;
    alarm_acknowledgments: AlarmAcknowledgmentsTable;
    device_escalation: DeviceEscalationTable;
  }
}
