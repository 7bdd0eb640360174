import { DATE_TIME, EXTRA_PROPERTIES, PAGING_PROPERTIES, querySchema, sortingProperties, NULLABLE_STRING, NULLABLE_UUID, TEXT_FILTER, TIME_FILTER, UUID_STRING } from './route-schemas';
import { SECURITY_LOG_SORTING } from './security-log-query';

/** Route schemas of the security log lists (security-log-routes.ts, the users overview's /{id}/logs). */

/** ABP's IdentitySecurityLogDto as security-log-query.ts `securityLogDto` answers it. */
export const SECURITY_LOG_PROPERTIES = {
  id: UUID_STRING,
  tenantId: NULLABLE_UUID,
  applicationName: { type: 'string' },
  identity: { type: 'string' },
  action: { type: 'string' },
  userId: NULLABLE_UUID,
  userName: NULLABLE_STRING,
  clientId: NULLABLE_STRING,
  correlationId: NULLABLE_STRING,
  clientIpAddress: NULLABLE_STRING,
  browserInfo: NULLABLE_STRING,
  creationTime: DATE_TIME,
  extraProperties: EXTRA_PROPERTIES,
} as const;
export const SECURITY_LOG_REQUIRED = ['id', 'tenantId', 'applicationName', 'identity', 'action', 'userId', 'userName', 'creationTime', 'extraProperties'] as const;
export const SECURITY_LOG = { type: 'object', properties: SECURITY_LOG_PROPERTIES, required: SECURITY_LOG_REQUIRED } as const;

/** ABP's security log filters (security-log-query.ts securityLogFilters). */
export const SECURITY_LOG_FILTERS = {
  userName: TEXT_FILTER,
  userId: UUID_STRING,
  action: TEXT_FILTER,
  applicationName: TEXT_FILTER,
  identity: TEXT_FILTER,
  clientId: TEXT_FILTER,
  correlationId: TEXT_FILTER,
  startTime: TIME_FILTER,
  endTime: TIME_FILTER,
} as const;

export const SECURITY_LOG_QUERY = querySchema({ ...PAGING_PROPERTIES, ...sortingProperties(SECURITY_LOG_SORTING), ...SECURITY_LOG_FILTERS });
