import { ID_PARAMS, listResult, NOT_FOUND, NULLABLE_NUMBER, NULLABLE_STRING, NULLABLE_TIME, PAGING_PROPERTIES, querySchema, TIME, UUID_STRING } from '../http/route-schemas';

/**
 * Route schemas of the tracking reads (routes.ts): each is the route's check and its handler's
 * types. A device named in the query is looked up (scope.ts visibleDevice): one the caller may not
 * see, malformed or not, is a 404.
 */

/** `deviceIds`: ids, repeated or comma-separated (scope.ts idList splits them); none given means every visible device. */
const DEVICE_IDS_QUERY = querySchema({
  deviceIds: { anyOf: [{ type: 'string', maxLength: 4096 }, { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 4096 } }], description: 'Device ids, repeated or comma-separated' },
} as const);
const DEVICE_ID = { type: 'string', maxLength: 64, description: 'The device id' } as const;
const RANGE = {
  from: { type: 'string', format: 'date-time', description: 'Start (ISO 8601)' },
  to: { type: 'string', format: 'date-time', description: 'End (ISO 8601, default now)' },
} as const;
const DEVICE_RANGE_QUERY = { ...querySchema({ deviceId: DEVICE_ID, ...RANGE }), required: ['deviceId'] } as const;


export const BATTERY_LEVELS = {
  querystring: DEVICE_IDS_QUERY,
  response: {
    200: listResult({
      type: 'object',
      required: ['deviceId', 'name', 'batteryLevel', 'charging', 'lowBatteryThreshold', 'lastContact', 'status'],
      properties: { deviceId: UUID_STRING, name: { type: 'string' }, batteryLevel: NULLABLE_NUMBER, charging: { type: 'boolean' }, lowBatteryThreshold: { type: 'integer' }, lastContact: NULLABLE_TIME, status: NULLABLE_STRING },
      additionalProperties: false,
    }),
  },
} as const;


export const BATTERY_HISTORY = {
  querystring: DEVICE_RANGE_QUERY,
  response: {
    ...NOT_FOUND, // a deviceId naming no device the caller may see
    200: {
      type: 'object',
      required: ['deviceId', 'from', 'to', 'items'],
      properties: { deviceId: UUID_STRING, from: TIME, to: TIME, items: { type: 'array', items: { type: 'object', required: ['time', 'batteryLevel'], properties: { time: TIME, batteryLevel: { type: 'integer' } }, additionalProperties: false } } },
      additionalProperties: false,
    },
  },
} as const;

export const EVENT_HISTORY = {
  querystring: querySchema({
    ...PAGING_PROPERTIES,
    deviceId: DEVICE_ID,
    type: { type: 'string', maxLength: 64, description: 'Event type (geofenceExit, sos, lowBattery, ...)' },
    ...RANGE,
    from: { type: 'string', format: 'date-time', description: 'Start (ISO 8601, default 7 days before `to`; earlier history is read when asked for)' },
  } as const),
  response: {
    ...NOT_FOUND, // a deviceId naming no device the caller may see
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
              id: UUID_STRING,
              deviceId: UUID_STRING,
              deviceName: { type: 'string' },
              type: { type: 'string' },
              eventTime: TIME,
              geofenceId: NULLABLE_STRING,
              geofenceName: NULLABLE_STRING,
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
    200: listResult({
      type: 'object',
      required: ['deviceId', 'name', 'imei', 'status', 'subscriptionStatus', 'batteryLevel', 'charging', 'lastContact', 'lastPosition', 'lastEvent', 'unacknowledgedAlarms'],
      properties: {
        deviceId: UUID_STRING,
        name: { type: 'string' },
        imei: { type: 'string' },
        status: NULLABLE_STRING,
        subscriptionStatus: NULLABLE_STRING,
        batteryLevel: NULLABLE_NUMBER,
        charging: { type: 'boolean' },
        lastContact: NULLABLE_TIME,
        lastPosition: { type: ['object', 'null'], required: ['latitude', 'longitude', 'accuracy', 'fixTime'], properties: { latitude: { type: 'number' }, longitude: { type: 'number' }, accuracy: NULLABLE_NUMBER, fixTime: NULLABLE_TIME } },
        lastEvent: { type: ['object', 'null'], required: ['type', 'eventTime'], properties: { type: { type: 'string' }, eventTime: TIME } },
        unacknowledgedAlarms: { type: 'integer' },
      },
    }),
  },
} as const;

export const LATEST_POSITIONS = {
  querystring: DEVICE_IDS_QUERY,
  response: {
    200: listResult({
      type: 'object',
      required: ['deviceId', 'name', 'imei', 'status', 'batteryLevel', 'lastContact', 'latitude', 'longitude', 'accuracy', 'fixTime'],
      properties: {
        deviceId: UUID_STRING,
        name: { type: 'string' },
        /** What tells two watches of one name apart (common/watch-labels.ts). */
        imei: { type: 'string' },
        status: NULLABLE_STRING,
        batteryLevel: NULLABLE_NUMBER,
        lastContact: NULLABLE_TIME,
        latitude: { type: 'number' },
        longitude: { type: 'number' },
        accuracy: NULLABLE_NUMBER,
        fixTime: NULLABLE_TIME,
      },
    }),
  },
} as const;

export const TRAIL = {
  querystring: DEVICE_RANGE_QUERY,
  response: {
    ...NOT_FOUND, // a deviceId naming no device the caller may see
    200: {
      type: 'object',
      required: ['deviceId', 'from', 'to', 'items'],
      properties: {
        deviceId: UUID_STRING,
        from: TIME,
        to: TIME,
        items: { type: 'array', items: { type: 'object', required: ['latitude', 'longitude', 'accuracy', 'speed', 'fixTime'], properties: { latitude: { type: 'number' }, longitude: { type: 'number' }, accuracy: NULLABLE_NUMBER, speed: NULLABLE_NUMBER, fixTime: TIME } } },
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
export const DEVICE_SETTINGS = { params: ID_PARAMS, response: { 200: SETTINGS } } as const;
export const DEVICE_SETTINGS_UPDATE = { params: ID_PARAMS, body: SETTINGS_BODY, response: { 200: SETTINGS } } as const;
