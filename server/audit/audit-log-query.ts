import type { FastifyRequest } from 'fastify';
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { contains } from '../db/like';
import type { AuditLogFilters } from './route-schemas';

/**
 * The audit log rows a host user may read, filtered as ABP's GetAuditLogListDto: the request's
 * level (the host's own entries, one tenant picked with `__tenant`, or every tenant with the
 * all-zero `__tenant`, then narrowed with `tenantId`), userName, userId, httpMethod, url,
 * httpStatusCode, min/maxExecutionDuration, hasException (an exception or a 4xx/5xx answer),
 * startTime/endTime.
 */
type Logs = SelectQueryBuilder<Database & { l: Database['audit_logs'] }, 'l', object>;

/** audit_logs as `l` within the request's tenant level. */
export function visibleLogs(db: Db, request: FastifyRequest): Logs {
  const base = db.selectFrom('audit_logs as l');
  if (request.allTenants) return base;
  return request.tenantId === null ? base.where('l.tenant_id', 'is', null) : base.where('l.tenant_id', '=', request.tenantId);
}

const failed = (eb: ExpressionBuilder<Database & { l: Database['audit_logs'] }, 'l'>) =>
  eb.or([eb('l.exceptions', 'is not', null), eb(eb.fn.coalesce('l.http_status_code', sql.lit(0)), '>=', 400)]);

/** The visible rows narrowed by the checked filters (AuditLogFilters). */
export function filteredLogs(db: Db, request: FastifyRequest, f: AuditLogFilters): Logs {
  let q = visibleLogs(db, request);
  if (f.tenantId !== undefined) q = f.tenantId === 'null' ? q.where('l.tenant_id', 'is', null) : q.where('l.tenant_id', '=', f.tenantId.toLowerCase());
  const userName = f.userName?.trim();
  if (userName) q = q.where('l.user_name', 'ilike', contains(userName));
  if (f.userId) q = q.where('l.user_id', '=', f.userId.toLowerCase());
  const method = f.httpMethod?.trim();
  if (method) q = q.where('l.http_method', '=', method.toUpperCase());
  const url = f.url?.trim();
  if (url) q = q.where('l.url', 'ilike', contains(url));
  if (f.httpStatusCode !== undefined) q = q.where('l.http_status_code', '=', f.httpStatusCode);
  if (f.minExecutionDuration !== undefined) q = q.where('l.execution_duration', '>=', f.minExecutionDuration);
  if (f.maxExecutionDuration !== undefined) q = q.where('l.execution_duration', '<=', f.maxExecutionDuration);
  const { hasException } = f;
  if (hasException !== undefined) q = q.where((eb) => (hasException ? failed(eb) : eb.not(failed(eb))));
  if (f.startTime) q = q.where('l.execution_time', '>=', new Date(f.startTime));
  if (f.endTime) q = q.where('l.execution_time', '<=', new Date(f.endTime));
  return q;
}
