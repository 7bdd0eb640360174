import type { Generated } from 'kysely';
import type { CreatedAt, Nullable, Timestamp } from '../db/columns';

/** A watch (001_foundation). server/device-stock adds its stock columns (011) to this row type. */
export interface DevicesTable {
  id: string;
  tenant_id: string | null;
  owner_user_id: string | null;
  name: string;
  imei: string;
  device_id: string | null;
  model: string | null;
  status: Generated<string>;
  subscription_status: Generated<string>;
  battery_level: number | null;
  last_contact: Timestamp | null;
  is_deleted: Generated<boolean>;
  concurrency_stamp: string;
  creation_time: CreatedAt;
  creator_id: string | null;
  /** What the watch calls itself on its protocol when that is not its IMEI (030, schemas/devices.json protocolId). */
  protocol_id: Nullable<string>;
  /** Columns the schema engine adds from schemas/devices.json (citizenId, simCardId). */
  citizen_id: Nullable<string>;
  sim_card_id: Nullable<string>;
}

/** The devices table, in the Database type. */
declare module '../db/tables' {
  interface Database {
    devices: DevicesTable;
  }
}
