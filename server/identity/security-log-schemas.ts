import { DATE_TIME, EXTRA_PROPERTIES, listQuery, NULLABLE_STRING, NULLABLE_UUID, UUID_STRING } from './route-schemas';
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

const TEXT = { type: 'string' } as const;

/** ABP's security log filters (readSecurityLogFilters). */
export const SECURITY_LOG_FILTERS = {
  userName: TEXT,
  userId: UUID_STRING,
  action: TEXT,
  applicationName: TEXT,
  identity: TEXT,
  clientId: TEXT,
  correlationId: TEXT,
  startTime: DATE_TIME,
  endTime: DATE_TIME,
} as const;

export const SECURITY_LOG_QUERY = listQuery(SECURITY_LOG_SORTING, SECURITY_LOG_FILTERS, false);
