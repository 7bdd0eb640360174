import { itemsOf, object, pageOf } from '../abp/schema-parts';
import { ABP_ERROR_RESPONSE } from '../http/errors';
import { listQuery, pathParams, querySchema, RECORD_ID, TIME_FILTER } from '../http/route-schemas';
import { ActivationState } from '../multitenancy/tenant-state';

/** Route schemas of tenant management, the custom tenant fields, features and the anonymous tenant lookup. */

const STRING = { type: 'string' } as const;
const NULLABLE_STRING = { type: ['string', 'null'] } as const;
const DATE_TIME = { type: 'string', format: 'date-time' } as const;
const NULLABLE_DATE_TIME = { type: ['string', 'null'], format: 'date-time' } as const;

export const ID_PARAMS = pathParams({ id: { ...RECORD_ID, description: 'The tenant id (a UUID)' } });

/** ABP paging and sorting, the filter text and the tenant filters (server/tenancy/tenants.ts). */
/** The tenant list's sortable fields and their columns. */
export const TENANT_SORTING = { name: 'name', creationTime: 'creation_time', activationEndDate: 'activation_end_date' } as const;

export const TENANT_LIST_QUERY = listQuery(TENANT_SORTING, {
  ActivationState: { type: 'integer', enum: [ActivationState.Active, ActivationState.ActiveWithLimitedTime, ActivationState.Passive] },
  ExpirationDateMin: TIME_FILTER,
  ExpirationDateMax: TIME_FILTER,
});

const CUSTOM_FIELDS = {
  id: STRING,
  name: STRING,
  contactEmail: NULLABLE_STRING,
  phoneNumber: NULLABLE_STRING,
  address: NULLABLE_STRING,
  customerNumber: NULLABLE_STRING,
  notes: NULLABLE_STRING,
  concurrencyStamp: STRING,
} as const;

export const CUSTOM_TENANT = object(CUSTOM_FIELDS);

const TENANT_FIELDS = {
  ...CUSTOM_FIELDS,
  activationState: { type: 'integer', enum: Object.values(ActivationState) },
  activationEndDate: NULLABLE_DATE_TIME,
  isActive: { type: 'boolean' },
  isAvailable: { type: 'boolean' },
  creationTime: DATE_TIME,
  lastModificationTime: NULLABLE_DATE_TIME,
  extraProperties: { type: 'object', additionalProperties: true },
} as const;

/** ABP SaaS's TenantDto with the custom fields. */
export const TENANT = object(TENANT_FIELDS);

export const TENANT_PAGE = pageOf(TENANT);

export const TENANT_LOOKUP = itemsOf(object({ id: STRING, name: STRING }));

/** ABP's FindTenantResultDto: success false (and nulls) for no such tenant. */
export const FIND_TENANT_RESULT = {
  type: 'object',
  properties: { success: { type: 'boolean' }, tenantId: NULLABLE_STRING, name: NULLABLE_STRING, isActive: { type: 'boolean' } },
  required: ['success', 'tenantId', 'name', 'isActive'],
} as const;

/** providerName=T (only tenant features exist here) and providerKey, the tenant's id (anything else names no tenant: 404). */
export const FEATURE_QUERY = querySchema({
  providerName: { type: 'string', enum: ['T'], 'x-messages': { enum: 'features.providerName', required: 'features.providerName' } },
  providerKey: { type: 'string', maxLength: 64 },
}, ['providerName']);

export const FEATURE_UPDATE_BODY = {
  type: 'object',
  properties: {
    features: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object',
        properties: { name: { type: 'string', maxLength: 128 }, value: { type: ['string', 'number', 'boolean', 'null'], maxLength: 64 } },
        required: ['name', 'value'],
        additionalProperties: false,
      },
    },
  },
  required: ['features'],
  additionalProperties: false,
} as const;

const FREE_PROPERTIES = { type: 'object', additionalProperties: true } as const;
const FEATURE = {
  type: 'object',
  properties: {
    name: STRING,
    displayName: STRING,
    value: NULLABLE_STRING,
    provider: { type: 'object', properties: { name: STRING, key: NULLABLE_STRING }, required: ['name', 'key'] },
    valueType: {
      type: 'object',
      properties: { name: STRING, properties: FREE_PROPERTIES, validator: { type: 'object', properties: { name: STRING, properties: FREE_PROPERTIES }, required: ['name', 'properties'] } },
      required: ['name', 'properties', 'validator'],
    },
    depth: { type: 'integer' },
    parentName: NULLABLE_STRING,
  },
  required: ['name', 'displayName', 'value', 'provider', 'valueType', 'depth', 'parentName'],
} as const;

/** ABP's GetFeatureListResultDto. */
export const FEATURE_LIST = {
  type: 'object',
  properties: {
    groups: {
      type: 'array',
      items: { type: 'object', properties: { name: STRING, displayName: STRING, features: { type: 'array', items: FEATURE } }, required: ['name', 'displayName', 'features'] },
    },
  },
  required: ['groups'],
} as const;

export { NO_CONTENT } from '../http/route-schemas';
export const CONFLICT = { 409: ABP_ERROR_RESPONSE } as const;
