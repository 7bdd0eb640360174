import { randomUUID } from 'node:crypto';
import type { AlarmEvent } from '../alarms/event';
import { placeAttributes, type PlaceZone } from '../alarms/place';
import type { DeviceInfo } from './device-directory';
import type { DeviceState } from './device-states';
import type { Fix } from '../protocols/types';

/**
 * An event of a fix (with the device's last known place when the fix has none), with the place
 * facts worked out here, where the zones are at hand: accuracy, and the distance and bearing from
 * the zone the event is about (else the nearest of the device's zones). In-app messages, mails
 * and the event history then tell the same place, and rendering needs no query per event.
 */
export function eventOf(
  device: DeviceInfo,
  positionId: string,
  fix: Fix,
  state: Pick<DeviceState, 'latitude' | 'longitude' | 'accuracy'>,
  type: AlarmEvent['type'],
  attributes: AlarmEvent['attributes'] = {},
  geofenceId: string | null = null,
  zones: readonly PlaceZone[] = [],
): AlarmEvent {
  const hasFix = fix.latitude !== null && fix.longitude !== null;
  const latitude = hasFix ? fix.latitude : state.latitude;
  const longitude = hasFix ? fix.longitude : state.longitude;
  const accuracy = hasFix ? fix.accuracy : state.accuracy;
  const place = latitude !== null && longitude !== null ? placeAttributes({ lat: latitude, lng: longitude }, accuracy, zones, geofenceId) : null;
  return {
    id: randomUUID(),
    tenantId: device.tenantId,
    deviceId: device.id,
    deviceName: device.name,
    type,
    time: fix.fixTime,
    positionId: fix.latitude === null ? null : positionId,
    geofenceId,
    attributes: { latitude, longitude, ...(place ?? {}), ...attributes },
  };
}
