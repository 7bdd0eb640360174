import { DEVICE_ID_MAX_LENGTH, DEVICE_IDENTIFIER_PATTERN, DEVICE_NAME_MAX_LENGTH } from '../../common/devices';
import { ABP_ERROR_RESPONSE } from '../http/errors';
import { NULLABLE_STRING, NULLABLE_TIME, TIME, PAGING_QUERY_PROPERTIES, pathParams, textQuery } from '../http/resource-route-schemas';

/**
 * Route schemas of a caregiver's own devices and their alarm receivers (devicemanage, the
 * productInstance dashboard, profile receivers). Bodies and queries are read by the handlers'
 * bodyValidator and paging with translated messages, so these routes take HAND_CHECKED.
 */

/** A device as the dashboard shows it (common/devices.ts DeviceDto). */
export const DEVICE = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    imei: { type: 'string' },
    deviceId: NULLABLE_STRING,
    model: NULLABLE_STRING,
    status: { type: 'string', enum: ['online', 'offline'] },
    subscriptionStatus: { type: 'string', enum: ['active', 'paused'] },
    // The ingest's live battery is a real number, not always an integer.
    batteryLevel: { type: ['number', 'null'] },
    lastContact: NULLABLE_TIME,
    promotionsOptIn: { type: 'boolean' },
    creationTime: TIME,
    concurrencyStamp: { type: 'string' },
  },
  required: ['id', 'name', 'imei', 'deviceId', 'model', 'status', 'subscriptionStatus', 'batteryLevel', 'lastContact', 'promotionsOptIn', 'creationTime', 'concurrencyStamp'],
} as const;

/** An alarm receiver of a device (common/devices.ts ReceiverDto). */
export const RECEIVER = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    deviceId: { type: 'string' },
    userId: NULLABLE_STRING,
    email: { type: 'string' },
    name: NULLABLE_STRING,
    status: { type: 'string', enum: ['invited', 'active'] },
    creationTime: TIME,
  },
  required: ['id', 'deviceId', 'userId', 'email', 'name', 'status', 'creationTime'],
} as const;

export const DEVICE_MODEL_QUERY = textQuery({ imei: 'The IMEI or serial number (spaces allowed)', serialNumber: 'Instead of imei' });

/** What the add-device dialog learns about an IMEI or serial number. */
export const DEVICE_MODEL = {
  type: 'object',
  properties: {
    imei: { type: 'string' },
    known: { type: 'boolean' },
    model: NULLABLE_STRING,
    available: { type: 'boolean' },
    assignedToYou: { type: 'boolean' },
    deviceIdRequired: { type: 'boolean' },
  },
  required: ['imei', 'known', 'model', 'available', 'assignedToYou', 'deviceIdRequired'],
} as const;

const NAME = { type: 'string', minLength: 1, maxLength: DEVICE_NAME_MAX_LENGTH, pattern: '\\S' } as const;

export const ASSIGN_BODY = {
  type: 'object',
  properties: {
    imei: { type: 'string', pattern: DEVICE_IDENTIFIER_PATTERN },
    deviceId: { type: ['string', 'null'], maxLength: DEVICE_ID_MAX_LENGTH },
    name: NAME,
    promotionsOptIn: { type: 'boolean' },
  },
  required: ['imei', 'name'],
  additionalProperties: false,
} as const;

export const UPDATE_BODY = {
  type: 'object',
  properties: { id: { type: 'string', format: 'uuid' }, name: NAME, promotionsOptIn: { type: 'boolean' }, concurrencyStamp: { type: 'string', maxLength: 64 } },
  required: ['id'],
  additionalProperties: false,
} as const;

/** The caller's devices with the account's device cap. */
export const OWN_DEVICES = {
  type: 'object',
  properties: { totalCount: { type: 'integer' }, maxDeviceCount: { type: 'integer' }, items: { type: 'array', items: DEVICE } },
  required: ['totalCount', 'maxDeviceCount', 'items'],
} as const;

export const DASHBOARD_QUERY = { type: 'object', properties: PAGING_QUERY_PROPERTIES } as const;

export const DEVICE_PAGE = {
  type: 'object',
  properties: { totalCount: { type: 'integer' }, items: { type: 'array', items: DEVICE } },
  required: ['totalCount', 'items'],
} as const;

export const DEVICE_WITH_RECEIVERS = {
  type: 'object',
  properties: { productInstance: DEVICE, alarmReceivers: { type: 'array', items: RECEIVER } },
  required: ['productInstance', 'alarmReceivers'],
} as const;

export const ID_PARAM = pathParams({ id: 'The device id (a UUID)' });
export const RECEIVER_ID_PARAM = pathParams({ id: 'The alarm receiver id (a UUID)' });

export const NO_CONTENT = { type: 'null', description: 'Done; no body' } as const;

export const INVITE_BODY = {
  type: 'object',
  properties: { deviceId: { type: 'string', minLength: 1, maxLength: 64 }, email: { type: 'string', format: 'email', maxLength: 256 } },
  required: ['deviceId', 'email'],
  additionalProperties: false,
} as const;

/** The same answer whether or not the address has an account. */
export const INVITE_SENT = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
  description: 'Accepted: the address is added if it belongs to an activated user',
} as const;

export const RECEIVERS_QUERY = textQuery({ deviceId: "Only this device's receivers" });

export const RECEIVER_LIST = { type: 'object', properties: { items: { type: 'array', items: RECEIVER } }, required: ['items'] } as const;

/** A change made meanwhile (concurrency stamp) or a mail limit reached. */
export const CONFLICT = { 409: ABP_ERROR_RESPONSE } as const;
export const TOO_MANY = { 429: ABP_ERROR_RESPONSE } as const;
