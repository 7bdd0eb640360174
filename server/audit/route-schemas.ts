import { BOOLEAN_FILTER, type Checked, TIME as DATE_TIME, ID_PARAMS, NULLABLE_STRING, NULLABLE_UUID, PAGING_PROPERTIES, pagedResult, querySchema, sortingProperties, TEXT_FILTER, TIME_FILTER, UUID_STRING } from '../http/route-schemas';
import { UUID_PATTERN } from '../http/uuid';

/** PostgreSQL's integer. */
const MAX_INTEGER = 2 ** 31 - 1;

/** Route schemas of /api/audit-logging/audit-logs (ABP's audit logging, audit-log-routes.ts). */

export { ID_PARAMS };

const NULLABLE_INTEGER = { type: ['integer', 'null'] } as const;
const TEXT = { type: 'string' } as const;
/** A recorded value: any JSON (dates as ISO strings, secrets as '***'). */
const ANY_VALUE = { description: 'Any JSON value, or null' } as const;

/** ABP's EntityChangeDto; type names are the product's resource names. */
export const ENTITY_CHANGE = {
  type: 'object',
  properties: {
    id: { type: 'string', description: 'The entry id and the change index: "<auditLogId>:<n>"' },
    auditLogId: UUID_STRING,
    tenantId: NULLABLE_UUID,
    changeTime: DATE_TIME,
    changeType: { type: 'integer', enum: [0, 1, 2], description: '0 created, 1 updated, 2 deleted' },
    entityId: TEXT,
    entityTypeFullName: TEXT,
    propertyChanges: {
      type: 'array',
      items: { type: 'object', properties: { propertyName: TEXT, originalValue: ANY_VALUE, newValue: ANY_VALUE }, required: ['propertyName', 'originalValue', 'newValue'] },
    },
  },
  required: ['id', 'auditLogId', 'tenantId', 'changeTime', 'changeType', 'entityId', 'entityTypeFullName', 'propertyChanges'],
} as const;

/** ABP's AuditLogDto, with the tenant's name. */
export const AUDIT_LOG = {
  type: 'object',
  properties: {
    id: UUID_STRING,
    tenantId: NULLABLE_UUID,
    tenantName: NULLABLE_STRING,
    userId: NULLABLE_UUID,
    userName: NULLABLE_STRING,
    clientId: NULLABLE_STRING,
    clientIpAddress: NULLABLE_STRING,
    browserInfo: NULLABLE_STRING,
    applicationName: TEXT,
    httpMethod: TEXT,
    url: TEXT,
    httpStatusCode: NULLABLE_INTEGER,
    executionTime: DATE_TIME,
    executionDuration: NULLABLE_INTEGER,
    exceptions: NULLABLE_STRING,
    entityChanges: { type: 'array', items: ENTITY_CHANGE },
    actions: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
  required: ['id', 'tenantId', 'userId', 'userName', 'applicationName', 'httpMethod', 'url', 'httpStatusCode', 'executionTime', 'executionDuration', 'exceptions', 'entityChanges', 'actions'],
} as const;

/** ABP's GetAuditLogListDto filters, as audit-log-query.ts `filteredLogs` reads them. */
const AUDIT_LOG_FILTERS = {
  tenantId: { type: 'string', anyOf: [{ pattern: UUID_PATTERN }, { const: 'null' }], description: "A tenant's id, or 'null' for the host's own entries" },
  userName: TEXT_FILTER,
  userId: UUID_STRING,
  httpMethod: TEXT_FILTER,
  url: TEXT_FILTER,
  httpStatusCode: { type: 'integer', minimum: 100, maximum: 599 },
  minExecutionDuration: { type: 'integer', minimum: 0, maximum: MAX_INTEGER },
  maxExecutionDuration: { type: 'integer', minimum: 0, maximum: MAX_INTEGER },
  hasException: BOOLEAN_FILTER,
  startTime: TIME_FILTER,
  endTime: TIME_FILTER,
} as const;
export type AuditLogFilters = Checked<ReturnType<typeof querySchema<typeof AUDIT_LOG_FILTERS>>>;

/** The list's query: paging, sorting and the filters. */
export function auditLogQuery(sortable: Record<string, unknown>) {
  return querySchema({ ...PAGING_PROPERTIES, ...sortingProperties(sortable), ...AUDIT_LOG_FILTERS });
}

/** ABP's GetEntityChangesDto. */
export const ENTITY_CHANGE_QUERY = querySchema({
  ...PAGING_PROPERTIES,
  auditLogId: UUID_STRING,
  entityChangeType: { type: 'integer', enum: [0, 1, 2] },
  entityId: TEXT_FILTER,
  entityTypeFullName: TEXT_FILTER,
  startDate: TIME_FILTER,
  endDate: TIME_FILTER,
});

export const AUDIT_LOG_PAGE = pagedResult(AUDIT_LOG);
export const ENTITY_CHANGE_PAGE = pagedResult(ENTITY_CHANGE);
