import { randomUUID } from 'node:crypto';
import type { AlarmEvent } from '../alarms/dispatch';
import type { DeviceInfo } from './device-directory';
import type { DeviceState } from './device-states';
import type { Fix } from './osmand';

/** An event of a fix (with the device's last known place when the fix has none). */
export function eventOf(
  device: DeviceInfo,
  positionId: string,
  fix: Fix,
  state: Pick<DeviceState, 'latitude' | 'longitude'>,
  type: AlarmEvent['type'],
  attributes: AlarmEvent['attributes'] = {},
  geofenceId: string | null = null,
): AlarmEvent {
  return {
    id: randomUUID(),
    tenantId: device.tenantId,
    deviceId: device.id,
    deviceName: device.name,
    type,
    time: fix.fixTime,
    positionId: fix.latitude === null ? null : positionId,
    geofenceId,
    attributes: { latitude: fix.latitude ?? state.latitude, longitude: fix.longitude ?? state.longitude, ...attributes },
  };
}
