import type { Selectable } from 'kysely';
import type { ReceiverDto } from '../../common/devices';
import type { DeviceAlarmReceiversTable } from '../care/tables';

/** An alarm receiver of a device, as the dashboard lists it. */
export function receiverDto(row: Selectable<DeviceAlarmReceiversTable>): ReceiverDto {
  return {
    id: row.id,
    deviceId: row.device_id,
    userId: row.user_id,
    email: row.email,
    name: row.name,
    status: row.status,
    creationTime: new Date(row.creation_time).toISOString(),
  };
}
