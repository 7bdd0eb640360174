import type { Selectable } from 'kysely';
import type { DeviceDto } from '../../common/devices';
import type { DevicesTable } from './tables';

export type { DeviceDto };

export type DeviceRow = Selectable<DevicesTable>;

/** `charging` is told where the row was read with its live state (server/ingest/live-state.ts). */
export function deviceDto(row: DeviceRow & { charging?: boolean }, promotionsOptIn: boolean): DeviceDto {
  return {
    id: row.id,
    name: row.name,
    imei: row.imei,
    deviceId: row.device_id,
    model: row.model,
    status: row.status === 'online' ? 'online' : 'offline',
    subscriptionStatus: row.subscription_status === 'paused' ? 'paused' : 'active',
    batteryLevel: row.battery_level,
    ...(row.charging === undefined ? {} : { charging: row.charging }),
    lastContact: row.last_contact ? new Date(row.last_contact).toISOString() : null,
    promotionsOptIn,
    creationTime: new Date(row.creation_time).toISOString(),
    concurrencyStamp: row.concurrency_stamp,
  };
}
