import { listResult, NOT_FOUND, NULLABLE_NUMBER, NULLABLE_STRING, NULLABLE_TIME, PAGING_PROPERTIES, TIME, UUID_STRING } from '../http/route-schemas';

/**
 * Route schemas of the tracking reads (tracking-routes.ts): what they take and answer, for the
 * API description and the answers' serialisation. The routes read their query parameters
 * themselves, with messages in the caller's language (`attachValidation`).
 */
const TIME_OR_NULL = NULLABLE_TIME;
const NUMBER_OR_NULL = NULLABLE_NUMBER;
const STRING_OR_NULL = NULLABLE_STRING;
const ID = UUID_STRING;

/** `deviceIds`: ids, repeated or comma-separated; none given means every visible device. */
const DEVICE_IDS_QUERY = {
  type: 'object',
  properties: { deviceIds: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }], description: 'Device ids, repeated or comma-separated' } },
} as const;
const RANGE = {
  from: { type: 'string', format: 'date-time', description: 'Start (ISO 8601)' },
  to: { type: 'string', format: 'date-time', description: 'End (ISO 8601, default now)' },
} as const;
const DEVICE_RANGE_QUERY = { type: 'object', required: ['deviceId'], properties: { deviceId: { type: 'string' }, ...RANGE } } as const;
export const DEVICE_PARAMS = { type: 'object', required: ['id'], properties: { id: { type: 'string', description: 'The device id' } } } as const;

const list = listResult;

export const BATTERY_LEVELS = {
  querystring: DEVICE_IDS_QUERY,
  response: {
    200: list({
      type: 'object',
      required: ['deviceId', 'name', 'batteryLevel', 'charging', 'lowBatteryThreshold', 'lastContact', 'status'],
      properties: { deviceId: ID, name: { type: 'string' }, batteryLevel: NUMBER_OR_NULL, charging: { type: 'boolean' }, lowBatteryThreshold: { type: 'integer' }, lastContact: TIME_OR_NULL, status: STRING_OR_NULL },
    }),
  },
} as const;

/** A `deviceId` naming no device the caller may see. */
const NO_SUCH_DEVICE = NOT_FOUND;

export const BATTERY_HISTORY = {
  querystring: DEVICE_RANGE_QUERY,
  response: {
    ...NO_SUCH_DEVICE,
    200: {
      type: 'object',
      required: ['deviceId', 'from', 'to', 'items'],
      properties: { deviceId: ID, from: TIME, to: TIME, items: { type: 'array', items: { type: 'object', required: ['time', 'batteryLevel'], properties: { time: TIME, batteryLevel: { type: 'integer' } } } } },
    },
  },
} as const;

export const EVENT_HISTORY = {
  querystring: {
    type: 'object',
    properties: {
      ...PAGING_PROPERTIES,
      deviceId: { type: 'string' },
      type: { type: 'string', description: 'Event type (geofenceExit, sos, lowBattery, ...)' },
      ...RANGE,
    },
  },
  response: {
    ...NO_SUCH_DEVICE,
    200: {
      type: 'object',
      required: ['totalCount', 'items'],
      properties: {
        totalCount: { type: 'integer' },
        items: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'deviceId', 'deviceName', 'type', 'eventTime', 'geofenceId', 'geofenceName', 'attributes'],
            properties: {
              id: ID,
              deviceId: ID,
              deviceName: { type: 'string' },
              type: { type: 'string' },
              eventTime: TIME,
              geofenceId: STRING_OR_NULL,
              geofenceName: STRING_OR_NULL,
              attributes: { type: ['object', 'null'], additionalProperties: true },
            },
          },
        },
      },
    },
  },
} as const;

export const DASHBOARD_INFO = {
  response: {
    200: list({
      type: 'object',
      required: ['deviceId', 'name', 'imei', 'status', 'subscriptionStatus', 'batteryLevel', 'charging', 'lastContact', 'lastPosition', 'lastEvent', 'unacknowledgedAlarms'],
      properties: {
        deviceId: ID,
        name: { type: 'string' },
        imei: STRING_OR_NULL,
        status: STRING_OR_NULL,
        subscriptionStatus: STRING_OR_NULL,
        batteryLevel: NUMBER_OR_NULL,
        charging: { type: 'boolean' },
        lastContact: TIME_OR_NULL,
        lastPosition: { type: ['object', 'null'], required: ['latitude', 'longitude', 'accuracy', 'fixTime'], properties: { latitude: { type: 'number' }, longitude: { type: 'number' }, accuracy: NUMBER_OR_NULL, fixTime: TIME_OR_NULL } },
        lastEvent: { type: ['object', 'null'], required: ['type', 'eventTime'], properties: { type: { type: 'string' }, eventTime: TIME } },
        unacknowledgedAlarms: { type: 'integer' },
      },
    }),
  },
} as const;

export const LATEST_POSITIONS = {
  querystring: DEVICE_IDS_QUERY,
  response: {
    200: list({
      type: 'object',
      required: ['deviceId', 'name', 'status', 'batteryLevel', 'lastContact', 'latitude', 'longitude', 'accuracy', 'fixTime'],
      properties: {
        deviceId: ID,
        name: { type: 'string' },
        status: STRING_OR_NULL,
        batteryLevel: NUMBER_OR_NULL,
        lastContact: TIME_OR_NULL,
        latitude: { type: 'number' },
        longitude: { type: 'number' },
        accuracy: NUMBER_OR_NULL,
        fixTime: TIME_OR_NULL,
      },
    }),
  },
} as const;

export const TRAIL = {
  querystring: DEVICE_RANGE_QUERY,
  response: {
    ...NO_SUCH_DEVICE,
    200: {
      type: 'object',
      required: ['deviceId', 'from', 'to', 'items'],
      properties: {
        deviceId: ID,
        from: TIME,
        to: TIME,
        items: { type: 'array', items: { type: 'object', required: ['latitude', 'longitude', 'accuracy', 'speed', 'fixTime'], properties: { latitude: { type: 'number' }, longitude: { type: 'number' }, accuracy: NUMBER_OR_NULL, speed: NUMBER_OR_NULL, fixTime: TIME } } },
      },
    },
  },
} as const;

const SETTING = { type: ['integer', 'null'] } as const;
const SETTINGS = {
  type: 'object',
  required: ['offlineAfterMinutes', 'lowBatteryThreshold', 'defaults'],
  properties: {
    offlineAfterMinutes: SETTING,
    lowBatteryThreshold: SETTING,
    defaults: { type: 'object', required: ['offlineAfterMinutes', 'lowBatteryThreshold'], properties: { offlineAfterMinutes: { type: 'integer' }, lowBatteryThreshold: { type: 'integer' } } },
  },
} as const;
/** The body PUT settings takes: each setting, null for the default, left out to keep. */
export const SETTINGS_BODY = {
  type: 'object',
  properties: {
    offlineAfterMinutes: { type: ['integer', 'null'], minimum: 1, maximum: 10080 },
    lowBatteryThreshold: { type: ['integer', 'null'], minimum: 1, maximum: 99 },
  },
  additionalProperties: false,
} as const;
export const DEVICE_SETTINGS = { params: DEVICE_PARAMS, response: { 200: SETTINGS } } as const;
export const DEVICE_SETTINGS_UPDATE = { params: DEVICE_PARAMS, body: SETTINGS_BODY, response: { 200: SETTINGS } } as const;

const COUNTS = (names: readonly string[]) => ({ type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'number' }])) });
export const INGEST_STATS = {
  response: {
    200: {
      type: 'object',
      properties: {
        node: COUNTS(['stored', 'duplicate', 'rejected', 'unknownDevice', 'rateLimited']),
        writes: COUNTS(['batches', 'messages', 'writeMs', 'rewritten']),
      },
    },
  },
} as const;
