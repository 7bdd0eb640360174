import type { FromSchema } from 'json-schema-to-ts';
import { ABP_ERROR_RESPONSE } from '../http/errors';
import { csvOrJson, FIELD_MESSAGES } from '../http/resource-route-schemas';
import { BOOLEAN_FILTER, FILTER_PROPERTIES, NULLABLE_STRING, NULLABLE_TIME, RECORD_ID, TIME, UUID_STRING, listQuery, pathParams, querySchema } from '../http/route-schemas';
import { COMMAND_STATUSES } from '../commands/tables';
import { EXCHANGE_STATES, SALES_TYPES, STOP_REASONS } from './tables';

/**
 * Route schemas of the device stock (productInstance hostData and friends, device reports,
 * troubleshooting): each is the route's check and its handler's types.
 */

const ID = { type: 'string', maxLength: 64 } as const;
const COUNT = { type: 'integer' } as const;

/** A stock record (stock-list.ts stockRecord). */
const STOCK_PROPERTIES = {
  id: { type: 'string' },
  tenantId: NULLABLE_STRING,
  tenantName: NULLABLE_STRING,
  name: { type: 'string' },
  imei: { type: 'string' },
  deviceId: NULLABLE_STRING,
  model: NULLABLE_STRING,
  status: { type: 'string' },
  subscriptionStatus: { type: 'string' },
  batteryLevel: { type: ['number', 'null'] },
  lastContact: NULLABLE_TIME,
  simCardId: NULLABLE_STRING,
  iccid: NULLABLE_STRING,
  citizenId: NULLABLE_STRING,
  ownerUserId: NULLABLE_STRING,
  ownerName: NULLABLE_STRING,
  inUse: { type: 'boolean' },
  customerId: NULLABLE_STRING,
  customerName: NULLABLE_STRING,
  organizationId: NULLABLE_STRING,
  organizationName: NULLABLE_STRING,
  stopReason: { type: ['string', 'null'], enum: [...STOP_REASONS, null] },
  stopTime: NULLABLE_TIME,
  stopUserName: NULLABLE_STRING,
  exchangeState: { type: ['string', 'null'], enum: [...EXCHANGE_STATES, null] },
  exchangePartnerId: NULLABLE_STRING,
  salesType: { type: 'string', enum: [...SALES_TYPES] },
  creationTime: TIME,
  concurrencyStamp: { type: 'string' },
} as const;
export const STOCK_RECORD = { type: 'object', properties: STOCK_PROPERTIES, required: Object.keys(STOCK_PROPERTIES) as (keyof typeof STOCK_PROPERTIES)[], additionalProperties: false } as const;

const page = <I extends object>(item: I) => ({ type: 'object', properties: { totalCount: COUNT, items: { type: 'array', items: item } }, required: ['totalCount', 'items'], additionalProperties: false }) as const;
export const STOCK_PAGE = page(STOCK_RECORD);
/** Replacement candidates: stock records saying whether they are in the customer's stock already. */
export const EXCHANGE_PAGE = page({ ...STOCK_RECORD, properties: { ...STOCK_PROPERTIES, inCustomerStock: { type: 'boolean' } }, required: [...STOCK_RECORD.required, 'inCustomerStock'], additionalProperties: false });

/** The sortable fields of the stock lists and their columns. */
export const STOCK_SORTABLE = {
  name: 'd.name',
  imei: 'd.imei',
  model: 'd.model',
  status: 'd.status',
  batteryLevel: 'd.battery_level',
  lastContact: 'd.last_contact',
  stopReason: 'd.stop_reason',
  stopTime: 'd.stop_time',
  salesType: 'd.sales_type',
  creationTime: 'd.creation_time',
} as const;

/** The stock filters (stock-list.ts applyStockFilters); an unknown value is a 400 naming the parameter. */
const STOCK_FILTERS = {
  model: { type: 'string', maxLength: 64, description: 'Device model' },
  status: { type: 'string', enum: ['online', 'offline'] },
  subscriptionStatus: { type: 'string', enum: ['active', 'paused'] },
  stopReason: { type: 'string', enum: [...STOP_REASONS, 'none'], description: 'A stop reason, or none (in service)' },
  exchangeState: { type: 'string', enum: [...EXCHANGE_STATES] },
  salesType: { type: 'string', enum: [...SALES_TYPES] },
  customerId: { ...UUID_STRING, description: 'Customer id' },
  organizationId: { ...UUID_STRING, description: 'Organisation id' },
  tenantId: { ...UUID_STRING, description: 'Tenant id' },
  inUse: { ...BOOLEAN_FILTER, description: 'Owned by a user' },
  paired: { ...BOOLEAN_FILTER, description: 'Paired with a SIM card' },
} as const;
export const STOCK_QUERY = listQuery(STOCK_SORTABLE, STOCK_FILTERS);
export const EXCHANGE_QUERY = listQuery(STOCK_SORTABLE, { ...STOCK_FILTERS, deviceId: { type: 'string', maxLength: 64, description: 'The device to replace' } } as const);
export const REPORT_QUERY = querySchema({ ...FILTER_PROPERTIES, ...STOCK_FILTERS });
export type StockFilters = FromSchema<typeof REPORT_QUERY>;
export type StockListQuery = FromSchema<typeof STOCK_QUERY>;

/** A date or a date and time. */
const WHEN = { type: 'string', anyOf: [{ type: 'string', format: 'date-time' }, { type: 'string', format: 'date' }] } as const;
export const ALARMS_REPORT_QUERY = querySchema({
  from: { ...WHEN, description: 'Start, a date or date-time (default 30 days before to)' },
  to: { ...WHEN, description: 'End, a date or date-time (default now)' },
  deviceId: { ...UUID_STRING, description: 'Only this device' },
  type: { type: 'string', maxLength: 64, description: 'Only this event type' },
} as const);
export type AlarmsReportQuery = FromSchema<typeof ALARMS_REPORT_QUERY>;
export const LOOKUP_QUERY = querySchema({ Filter: { ...FILTER_PROPERTIES.Filter, description: 'Name, IMEI or device ID' }, MaxResultCount: { type: 'integer', minimum: 1, maximum: 50, description: 'Default 20' } } as const);
export const CUSTOMER_QUERY = querySchema({ customerId: { type: 'string', maxLength: 64, description: 'The customer id (a UUID)' } } as const);
export const TROUBLESHOOT_QUERY = querySchema({ MaxResultCount: { type: 'integer', minimum: 1, maximum: 200, description: 'Raw messages to answer (default 20)' } } as const);

export const DEVICE_ID_PARAM = pathParams({ deviceId: RECORD_ID });
/** Any case; an unknown reason is a 404 (stop-reasons.ts STOP_PATHS). */
export const REASON_PARAM = pathParams({ reason: { type: 'string', maxLength: 64, description: 'lost, awaitingreturn, wasreturned, customerdevice or trash' } as const });
/** Spellings the handler reads (wifi.ts): a malformed one is a 400 saying so. */
export const MAC_PARAM = pathParams({ mac: { type: 'string', maxLength: 64, description: 'A MAC address in any usual spelling' } as const });

export const EXCHANGE_BODY = { type: 'object', properties: { deviceId: ID, replacementId: ID }, required: ['deviceId', 'replacementId'], additionalProperties: false } as const;
export const ORDER_BODY = {
  type: 'object',
  properties: { customerId: ID, deviceIds: { type: 'array', minItems: 1, maxItems: 1000, items: ID } },
  required: ['customerId', 'deviceIds'],
  additionalProperties: false,
} as const;
/** Pairs as JSON, or a CSV with IMEI and ICCID columns as `{ csv }` (PAIRS_UPLOAD: or the CSV file itself). */
export const PAIRS_BODY = {
  type: 'object',
  properties: {
    pairs: {
      type: 'array',
      minItems: 1,
      maxItems: 10_000,
      items: { type: 'object', properties: { imei: { type: 'string', minLength: 1, maxLength: 32 }, iccid: { type: ['string', 'null'], maxLength: 20 } }, required: ['imei'], additionalProperties: false },
    },
    csv: { type: 'string' },
  },
  oneOf: [{ required: ['pairs'] }, { required: ['csv'] }],
  additionalProperties: false,
} as const;
/** The body of pairSimcards: the CSV file itself (text/csv) or PAIRS_BODY. */
export const PAIRS_UPLOAD = csvOrJson(PAIRS_BODY);
export const NAME_AND_ORGANIZATION_BODY = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' }, organizationId: { ...UUID_STRING, type: ['string', 'null'] } },
  required: ['name'],
  additionalProperties: false,
} as const;
export const SALES_TYPE_BODY = { type: 'object', properties: { salesType: { type: 'string', enum: [...SALES_TYPES] } }, required: ['salesType'], additionalProperties: false } as const;

export const PAIR_RESULT = {
  type: 'object',
  properties: {
    total: COUNT,
    paired: COUNT,
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          row: COUNT,
          imei: { type: 'string' },
          messages: FIELD_MESSAGES,
        },
        required: ['row', 'imei', 'messages'], additionalProperties: false,
      },
    },
  },
  required: ['total', 'paired', 'errors'], additionalProperties: false,
} as const;

export const EXCHANGE_RESULT = { type: 'object', properties: { device: STOCK_RECORD, replacement: STOCK_RECORD }, required: ['device', 'replacement'], additionalProperties: false } as const;

export const ORDER_RESULT = {
  type: 'object',
  properties: { customerId: { type: 'string' }, customerName: { type: 'string' }, devices: { type: 'array', items: STOCK_RECORD } },
  required: ['customerId', 'customerName', 'devices'], additionalProperties: false,
} as const;

export const PRODUCTS_AND_SERVICES = {
  type: 'object',
  properties: {
    customerId: { type: 'string' },
    customerName: { type: 'string' },
    products: {
      type: 'array',
      items: { type: 'object', properties: { model: NULLABLE_STRING, total: COUNT, inStock: COUNT, inUse: COUNT, stopped: COUNT }, required: ['model', 'total', 'inStock', 'inUse', 'stopped'], additionalProperties: false },
    },
    services: { type: 'object', properties: { activeSubscriptions: COUNT, pausedSubscriptions: COUNT }, required: ['activeSubscriptions', 'pausedSubscriptions'], additionalProperties: false },
    accessories: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, itemNumber: NULLABLE_STRING }, required: ['id', 'name', 'itemNumber'], additionalProperties: false } },
  },
  required: ['customerId', 'customerName', 'products', 'services', 'accessories'], additionalProperties: false,
} as const;

export const LOOKUP_RESULT = page({
  type: 'object',
  properties: { id: { type: 'string' }, displayName: { type: 'string' }, name: { type: 'string' }, imei: { type: 'string' }, model: NULLABLE_STRING },
  required: ['id', 'displayName', 'name', 'imei', 'model'], additionalProperties: false,
});

export const NAME_AND_ORGANIZATION = {
  type: 'object',
  properties: { id: { type: 'string' }, name: { type: 'string' }, organizationId: NULLABLE_STRING, organizationName: NULLABLE_STRING },
  required: ['id', 'name', 'organizationId', 'organizationName'], additionalProperties: false,
} as const;

export const SALES_TYPE = { type: 'object', properties: { id: { type: 'string' }, salesType: { type: 'string', enum: [...SALES_TYPES] } }, required: ['id', 'salesType'], additionalProperties: false } as const;

const MESSAGE_OUTCOME = { type: 'string', enum: ['stored', 'duplicate', 'rejected', 'unknownDevice', 'rateLimited'] } as const;

/** The watch's live connection on troubleshooting (troubleshoot-connection.ts). */
const CONNECTION = {
  type: 'object',
  properties: {
    state: {
      type: 'string',
      enum: ['connected', 'stale', 'notConnected', 'osmand'],
      description: 'stale: recorded as connected, but nothing came in for 15 minutes (its node may be gone); osmand: its model reports over OsmAnd, which keeps no connection',
    },
    protocol: { ...NULLABLE_STRING, description: "The connection's protocol (watch, eview)" },
    remoteAddress: { ...NULLABLE_STRING, description: "The watch's address as the server sees it (personal data)" },
    connectedTime: NULLABLE_TIME,
    lastInTime: NULLABLE_TIME,
    lastOutTime: NULLABLE_TIME,
    lastHeardTime: { ...NULLABLE_TIME, description: 'When anything last came from the watch, connected or not' },
    lastFrameIn: {
      type: ['object', 'null'],
      description: "The newest entry of the device's message ring",
      properties: { receivedTime: TIME, payload: { type: 'string' }, outcome: MESSAGE_OUTCOME },
      required: ['receivedTime', 'payload', 'outcome'], additionalProperties: false,
    },
    lastCommandOut: {
      type: ['object', 'null'],
      description: 'The newest command written to the watch, with its state now',
      properties: { id: { type: 'string' }, type: { type: 'string' }, text: { type: 'string' }, status: { type: 'string', enum: [...COMMAND_STATUSES] }, sentTime: TIME },
      required: ['id', 'type', 'text', 'status', 'sentTime'], additionalProperties: false,
    },
  },
  required: ['state', 'protocol', 'remoteAddress', 'connectedTime', 'lastInTime', 'lastOutTime', 'lastHeardTime', 'lastFrameIn', 'lastCommandOut'], additionalProperties: false,
} as const;

/** What troubleshooting shows (troubleshoot.ts). */
export const TROUBLESHOOT = {
  type: 'object',
  properties: {
    device: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        imei: { type: 'string' },
        model: NULLABLE_STRING,
        subscriptionStatus: { type: 'string' },
        stopReason: NULLABLE_STRING,
      },
      required: ['id', 'name', 'imei', 'model', 'subscriptionStatus', 'stopReason'], additionalProperties: false,
    },
    online: { type: 'boolean' },
    status: { type: 'string' },
    lastContact: NULLABLE_TIME,
    lastMessageTime: { ...NULLABLE_TIME, description: 'When the watch was last heard from: its newest raw message kept, stored position or noted contact' },
    batteryLevel: { type: ['number', 'null'] },
    signal: { type: ['number', 'null'] },
    connection: CONNECTION,
    messages: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          receivedTime: TIME,
          protocol: { type: 'string' },
          outcome: MESSAGE_OUTCOME,
          detail: NULLABLE_STRING,
          payload: { type: 'string' },
          remoteAddress: NULLABLE_STRING,
        },
        required: ['id', 'receivedTime', 'protocol', 'outcome', 'detail', 'payload', 'remoteAddress'], additionalProperties: false,
      },
    },
  },
  required: ['device', 'online', 'status', 'lastContact', 'lastMessageTime', 'batteryLevel', 'signal', 'connection', 'messages'], additionalProperties: false,
} as const;

export const CONFLICT = { 409: ABP_ERROR_RESPONSE } as const;
