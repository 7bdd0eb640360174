import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { SecurityLogsTable } from './tables';
import { contains } from '../db/like';
import { inScope, type Scope } from '../multitenancy/scope';

export interface SecurityLogFilters {
  userName?: string;
  userId?: string;
  action?: string;
  applicationName?: string;
  identity?: string;
  clientId?: string;
  correlationId?: string;
  startTime?: Date;
  endTime?: Date;
}

/** ABP's security log filters of a checked query (SECURITY_LOG_FILTERS): texts trimmed, times as dates. */
export function securityLogFilters(query: { [K in 'userName' | 'userId' | 'action' | 'applicationName' | 'identity' | 'clientId' | 'correlationId' | 'startTime' | 'endTime']?: string }): SecurityLogFilters {
  const text = (value: string | undefined) => value?.trim() || undefined;
  const time = (value: string | undefined) => (value === undefined ? undefined : new Date(value));
  return {
    userName: text(query.userName),
    userId: query.userId,
    action: text(query.action),
    applicationName: text(query.applicationName),
    identity: text(query.identity),
    clientId: text(query.clientId),
    correlationId: text(query.correlationId),
    startTime: time(query.startTime),
    endTime: time(query.endTime),
  };
}

/** Security log entries of the scope's tenant (every tenant's for a host user who picked all). */
export function securityLogQuery(db: Db, scope: Scope, f: SecurityLogFilters) {
  let q = db.selectFrom('security_logs').where(inScope('tenant_id', scope));
  if (f.userName) q = q.where('user_name', 'ilike', contains(f.userName));
  if (f.userId) q = q.where('user_id', '=', f.userId);
  if (f.action) q = q.where('action', '=', f.action);
  if (f.applicationName) q = q.where('application_name', '=', f.applicationName);
  if (f.identity) q = q.where('identity', '=', f.identity);
  if (f.clientId) q = q.where('client_id', '=', f.clientId);
  if (f.correlationId) q = q.where('correlation_id', '=', f.correlationId);
  if (f.startTime) q = q.where('creation_time', '>=', f.startTime);
  if (f.endTime) q = q.where('creation_time', '<=', f.endTime);
  return q;
}

export const SECURITY_LOG_SORTING = { creationTime: 'creation_time', action: 'action', userName: 'user_name', clientIpAddress: 'client_ip_address', identity: 'identity' } as const;

/** ABP's IdentitySecurityLogDto. */
export function securityLogDto(r: Selectable<SecurityLogsTable>) {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    applicationName: r.application_name,
    identity: r.identity,
    action: r.action,
    userId: r.user_id,
    userName: r.user_name,
    clientId: r.client_id,
    correlationId: r.correlation_id,
    clientIpAddress: r.client_ip_address,
    browserInfo: r.browser_info,
    creationTime: r.creation_time,
    extraProperties: r.extra_properties ?? {},
  };
}
