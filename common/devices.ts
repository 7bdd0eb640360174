import devicesSchema from '../schemas/devices.json';

/**
 * A watch's IMEI (15 digits) or serial number (5 to 32 letters, digits and '-', at least one
 * letter), as schemas/devices.json defines it: the one rule the add-device form and the server
 * check against.
 */
export const DEVICE_IDENTIFIER_PATTERN: string = devicesSchema.properties.imei.pattern;
const IDENTIFIER = new RegExp(DEVICE_IDENTIFIER_PATTERN);

/** Spaces people type or a label prints inside the number ('35693 80356 43809') are not part of it. */
export function normalizeDeviceIdentifier(value: string): string {
  return value.replace(/\s+/g, '');
}

export function isDeviceIdentifier(value: string): boolean {
  return IDENTIFIER.test(normalizeDeviceIdentifier(value));
}

/** The longest device ID the devices table takes (schemas/devices.json deviceId.maxLength). */
export const DEVICE_ID_MAX_LENGTH: number = devicesSchema.properties.deviceId.maxLength;
export const DEVICE_NAME_MAX_LENGTH: number = devicesSchema.properties.name.maxLength;

/** A caregiver's device as server/devices answers it (the dashboard's contract). */
export interface DeviceDto {
  id: string;
  name: string;
  imei: string;
  deviceId: string | null;
  model: string | null;
  status: 'online' | 'offline';
  subscriptionStatus: 'active' | 'paused';
  batteryLevel: number | null;
  /** Whether it charges, where the answer reads the device's live state (the dashboard's list). */
  charging?: boolean;
  lastContact: string | null;
  promotionsOptIn: boolean;
  creationTime: string;
  concurrencyStamp: string;
}

/**
 * A watch's state as it changed, on the live stream (`device` events of /api/app/tracking/live):
 * what its card shows, as the dashboard's list would read it now.
 */
export interface DeviceStateEvent {
  deviceId: string;
  tenantId: string | null;
  online: boolean;
  batteryLevel: number | null;
  charging: boolean;
  /** ISO 8601. */
  lastContact: string | null;
}

/** An alarm receiver of a device. */
export interface ReceiverDto {
  id: string;
  deviceId: string;
  userId: string | null;
  email: string;
  name: string | null;
  status: 'invited' | 'active';
  creationTime: string;
}
