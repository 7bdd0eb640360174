import { DEVICE_ID_MAX_LENGTH, DEVICE_IDENTIFIER_PATTERN, DEVICE_NAME_MAX_LENGTH } from '../../common/devices';
import { EMAIL_RE } from '../../common/caregiver-account';
import { ABP_ERROR_RESPONSE } from '../http/errors';
import { NULLABLE_STRING, NULLABLE_TIME, TIME, UUID_STRING, listQuery, querySchema } from '../http/route-schemas';

/**
 * Route schemas of a caregiver's own devices and their alarm receivers (devicemanage, the
 * productInstance dashboard, profile receivers): each is the route's check and its handler's types.
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
    // Told by the dashboard's reads (the device's live state), not by the answers to changes.
    charging: { type: 'boolean' },
    lastContact: NULLABLE_TIME,
    promotionsOptIn: { type: 'boolean' },
    creationTime: TIME,
    concurrencyStamp: { type: 'string' },
  },
  required: ['id', 'name', 'imei', 'deviceId', 'model', 'status', 'subscriptionStatus', 'batteryLevel', 'lastContact', 'promotionsOptIn', 'creationTime', 'concurrencyStamp'],
  additionalProperties: false,
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
  additionalProperties: false,
} as const;

/**
 * An IMEI or serial number as typed: spaces people type are not part of it, so the handler checks
 * the pattern after taking them out (JSON Schema cannot), with the same message.
 */
const IDENTIFIER_AS_TYPED = { type: 'string', maxLength: 128, 'x-messages': { type: 'devices:errors.badIdentifier', maxLength: 'devices:errors.badIdentifier' } } as const;

export const DEVICE_MODEL_QUERY = querySchema({
  imei: { ...IDENTIFIER_AS_TYPED, description: 'The IMEI or serial number (spaces allowed)' },
  serialNumber: { ...IDENTIFIER_AS_TYPED, description: 'Instead of imei' },
});

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
  additionalProperties: false,
} as const;

const NAME = { type: 'string', minLength: 1, maxLength: DEVICE_NAME_MAX_LENGTH, pattern: '\\S' } as const;

export const ASSIGN_BODY = {
  type: 'object',
  properties: {
    imei: { ...IDENTIFIER_AS_TYPED, description: `The IMEI or serial number (${DEVICE_IDENTIFIER_PATTERN} without spaces)` },
    deviceId: { type: ['string', 'null'], maxLength: DEVICE_ID_MAX_LENGTH },
    name: NAME,
    promotionsOptIn: { type: 'boolean' },
  },
  required: ['imei', 'name'],
  additionalProperties: false,
} as const;

export const UPDATE_BODY = {
  type: 'object',
  properties: { id: UUID_STRING, name: NAME, promotionsOptIn: { type: 'boolean' }, concurrencyStamp: { type: 'string', maxLength: 64 } },
  required: ['id'],
  additionalProperties: false,
} as const;

/** The caller's devices with the account's device cap. */
export const OWN_DEVICES = {
  type: 'object',
  properties: { totalCount: { type: 'integer' }, maxDeviceCount: { type: 'integer' }, items: { type: 'array', items: DEVICE } },
  required: ['totalCount', 'maxDeviceCount', 'items'],
  additionalProperties: false,
} as const;

/** The dashboard's sortable fields and their columns. */
export const DASHBOARD_SORTABLE = {
  name: 'name',
  status: 'status',
  subscriptionStatus: 'subscription_status',
  batteryLevel: 'battery_level',
  lastContact: 'last_contact',
  creationTime: 'creation_time',
} as const;

export const DASHBOARD_QUERY = listQuery(DASHBOARD_SORTABLE, {});

export const DEVICE_PAGE = {
  type: 'object',
  properties: { totalCount: { type: 'integer' }, items: { type: 'array', items: DEVICE } },
  required: ['totalCount', 'items'],
  additionalProperties: false,
} as const;

export const DEVICE_WITH_RECEIVERS = {
  type: 'object',
  properties: { productInstance: DEVICE, alarmReceivers: { type: 'array', items: RECEIVER } },
  required: ['productInstance', 'alarmReceivers'],
  additionalProperties: false,
} as const;


/**
 * People paste addresses with a space around them; that is not a different address, so the
 * pattern takes them (the handler trims) and answers a malformed one as an invalid email.
 */
const INVITED_EMAIL = { type: 'string', maxLength: 256, pattern: `^\\s*${EMAIL_RE.source.replace(/^\^|\$$/g, '')}\\s*$`, 'x-messages': { pattern: 'validation:email' } } as const;

export const INVITE_BODY = {
  type: 'object',
  properties: { deviceId: { type: 'string', minLength: 1, maxLength: 64 }, email: INVITED_EMAIL },
  required: ['deviceId', 'email'],
  additionalProperties: false,
} as const;

/** The same answer whether or not the address has an account. */
export const INVITE_SENT = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
  additionalProperties: false,
  description: 'Accepted: the address is added if it belongs to an activated user',
} as const;

export const RECEIVERS_QUERY = querySchema({ deviceId: { type: 'string', maxLength: 64, description: "Only this device's receivers" } as const });

export const RECEIVER_LIST = { type: 'object', properties: { items: { type: 'array', items: RECEIVER } }, required: ['items'], additionalProperties: false } as const;

/** A mail limit reached. */
export const TOO_MANY = { 429: ABP_ERROR_RESPONSE } as const;
