import { ABP_ERROR_RESPONSE } from '../http/errors';
import { CSV_TEXT, FIELD_MESSAGES, NULLABLE_STRING, NULLABLE_TIME, TIME, PAGING_QUERY_PROPERTIES, pathParams, textQuery } from '../http/resource-route-schemas';
import { EXCHANGE_STATES, SALES_TYPES, STOP_REASONS } from './tables';

/**
 * Route schemas of the device stock (productInstance hostData and friends, device reports,
 * troubleshooting). Bodies and queries are read by the handlers with translated messages, so
 * routes with a body or query take HAND_CHECKED; these schemas describe what the handlers take.
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
export const STOCK_RECORD = { type: 'object', properties: STOCK_PROPERTIES, required: Object.keys(STOCK_PROPERTIES) } as const;

const page = (item: object) => ({ type: 'object', properties: { totalCount: COUNT, items: { type: 'array', items: item } }, required: ['totalCount', 'items'] }) as const;
export const STOCK_PAGE = page(STOCK_RECORD);
/** Replacement candidates: stock records saying whether they are in the customer's stock already. */
export const EXCHANGE_PAGE = page({ ...STOCK_RECORD, properties: { ...STOCK_PROPERTIES, inCustomerStock: { type: 'boolean' } }, required: [...STOCK_RECORD.required, 'inCustomerStock'] });

/** The stock filters (stock-list.ts applyStockFilters). */
const STOCK_FILTERS = {
  model: 'Device model',
  status: 'online or offline',
  subscriptionStatus: 'active or paused',
  stopReason: `${STOP_REASONS.join(', ')}, or none (in service)`,
  exchangeState: EXCHANGE_STATES.join(' or '),
  salesType: SALES_TYPES.join(', '),
  customerId: 'Customer id (a UUID)',
  organizationId: 'Organisation id (a UUID)',
  tenantId: 'Tenant id (a UUID)',
  inUse: 'true or false: owned by a user',
  paired: 'true or false: paired with a SIM card',
};
export const STOCK_QUERY = textQuery(STOCK_FILTERS, PAGING_QUERY_PROPERTIES);
export const EXCHANGE_QUERY = textQuery({ ...STOCK_FILTERS, deviceId: 'The device to replace' }, PAGING_QUERY_PROPERTIES);
export const REPORT_QUERY = textQuery({ ...STOCK_FILTERS, Filter: 'Name, IMEI, device ID or ICCID' });
export const ALARMS_REPORT_QUERY = textQuery({ from: 'Start (date-time; default 30 days before to)', to: 'End (date-time; default now)', deviceId: 'Only this device', type: 'Only this event type' });
export const LOOKUP_QUERY = textQuery({ Filter: 'Name, IMEI or device ID' }, { MaxResultCount: { type: 'integer', minimum: 1, maximum: 50, description: 'Default 20' } });
export const CUSTOMER_QUERY = textQuery({ customerId: 'The customer id (a UUID)' });
export const TROUBLESHOOT_QUERY = textQuery({}, { MaxResultCount: { type: 'integer', minimum: 1, maximum: 200, description: 'Raw messages to answer (default 20)' } });

export const ID_PARAM = pathParams({ id: 'The device id (a UUID)' });
export const DEVICE_ID_PARAM = pathParams({ deviceId: 'The device id (a UUID)' });
export const REASON_PARAM = pathParams({ reason: 'lost, awaitingreturn, wasreturned, customerdevice or trash' });
export const MAC_PARAM = pathParams({ mac: 'A MAC address in any usual spelling' });

export const EXCHANGE_BODY = { type: 'object', properties: { deviceId: ID, replacementId: ID }, required: ['deviceId', 'replacementId'], additionalProperties: false } as const;
export const ORDER_BODY = {
  type: 'object',
  properties: { customerId: ID, deviceIds: { type: 'array', minItems: 1, maxItems: 1000, items: ID } },
  required: ['customerId', 'deviceIds'],
  additionalProperties: false,
} as const;
/** Pairs as JSON, or a CSV with IMEI and ICCID columns as `{ csv }` (PAIRS_UPLOAD: or a text/csv body). */
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
export const PAIRS_UPLOAD = { content: { 'application/json': { schema: PAIRS_BODY }, 'text/csv': CSV_TEXT } } as const;
export const NAME_AND_ORGANIZATION_BODY = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' }, organizationId: { type: ['string', 'null'], format: 'uuid' } },
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
        required: ['row', 'imei', 'messages'],
      },
    },
  },
  required: ['total', 'paired', 'errors'],
} as const;

export const EXCHANGE_RESULT = { type: 'object', properties: { device: STOCK_RECORD, replacement: STOCK_RECORD }, required: ['device', 'replacement'] } as const;

export const ORDER_RESULT = {
  type: 'object',
  properties: { customerId: { type: 'string' }, customerName: { type: 'string' }, devices: { type: 'array', items: STOCK_RECORD } },
  required: ['customerId', 'customerName', 'devices'],
} as const;

export const PRODUCTS_AND_SERVICES = {
  type: 'object',
  properties: {
    customerId: { type: 'string' },
    customerName: { type: 'string' },
    products: {
      type: 'array',
      items: { type: 'object', properties: { model: NULLABLE_STRING, total: COUNT, inStock: COUNT, inUse: COUNT, stopped: COUNT }, required: ['model', 'total', 'inStock', 'inUse', 'stopped'] },
    },
    services: { type: 'object', properties: { activeSubscriptions: COUNT, pausedSubscriptions: COUNT }, required: ['activeSubscriptions', 'pausedSubscriptions'] },
    accessories: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, itemNumber: NULLABLE_STRING }, required: ['id', 'name', 'itemNumber'] } },
  },
  required: ['customerId', 'customerName', 'products', 'services', 'accessories'],
} as const;

export const LOOKUP_RESULT = page({
  type: 'object',
  properties: { id: { type: 'string' }, displayName: { type: 'string' }, name: { type: 'string' }, imei: { type: 'string' }, model: NULLABLE_STRING },
  required: ['id', 'displayName', 'name', 'imei', 'model'],
});

export const NAME_AND_ORGANIZATION = {
  type: 'object',
  properties: { id: { type: 'string' }, name: { type: 'string' }, organizationId: NULLABLE_STRING, organizationName: NULLABLE_STRING },
  required: ['id', 'name', 'organizationId', 'organizationName'],
} as const;

export const SALES_TYPE = { type: 'object', properties: { id: { type: 'string' }, salesType: { type: 'string', enum: [...SALES_TYPES] } }, required: ['id', 'salesType'] } as const;

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
      required: ['id', 'name', 'imei', 'model', 'subscriptionStatus', 'stopReason'],
    },
    online: { type: 'boolean' },
    status: { type: 'string' },
    lastContact: NULLABLE_TIME,
    lastMessageTime: NULLABLE_TIME,
    batteryLevel: { type: ['number', 'null'] },
    signal: { type: ['number', 'null'] },
    messages: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          receivedTime: TIME,
          protocol: { type: 'string' },
          outcome: { type: 'string', enum: ['stored', 'duplicate', 'rejected', 'unknownDevice', 'rateLimited'] },
          detail: NULLABLE_STRING,
          payload: { type: 'string' },
          remoteAddress: NULLABLE_STRING,
        },
        required: ['id', 'receivedTime', 'protocol', 'outcome', 'detail', 'payload', 'remoteAddress'],
      },
    },
  },
  required: ['device', 'online', 'status', 'lastContact', 'lastMessageTime', 'batteryLevel', 'signal', 'messages'],
} as const;

export const CONFLICT = { 409: ABP_ERROR_RESPONSE } as const;
