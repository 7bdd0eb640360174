import type { FastifyRequest } from 'fastify';
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { badRequest } from '../http/errors';
import { queryParam } from '../http/paging';
import { translate } from '../localization/texts';
import { isStorableTime } from '../identity/list-params';

/**
 * The audit log rows a host user may read, filtered as ABP's GetAuditLogListDto: the request's
 * level (the host's own entries, one tenant picked with `__tenant`, or every tenant with the
 * all-zero `__tenant`, then narrowed with `tenantId`), userName, userId, httpMethod, url,
 * httpStatusCode, min/maxExecutionDuration, hasException (an exception or a 4xx/5xx answer),
 * startTime/endTime.
 */
type Logs = SelectQueryBuilder<Database & { l: Database['audit_logs'] }, 'l', object>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class QueryReader {
  constructor(
    private readonly query: Record<string, unknown>,
    private readonly lang: string,
  ) {}

  private fail(member: string): never {
    throw badRequest(translate('errors.validation', this.lang), [{ message: translate('validation:invalid', this.lang, { field: member }), members: [member] }]);
  }

  text(name: string): string | undefined {
    const v = queryParam(this.query, name);
    return typeof v === 'string' && v.trim() ? v.trim() : undefined;
  }

  integer(name: string, min: number, max: number): number | undefined {
    const v = this.text(name);
    if (v === undefined) return undefined;
    const n = Number(v);
    return Number.isInteger(n) && n >= min && n <= max ? n : this.fail(name);
  }

  date(name: string): Date | undefined {
    const v = this.text(name);
    if (v === undefined) return undefined;
    return isStorableTime(Date.parse(v)) ? new Date(v) : this.fail(name);
  }

  boolean(name: string): boolean | undefined {
    const v = this.text(name)?.toLowerCase();
    if (v === undefined) return undefined;
    return v === 'true' ? true : v === 'false' ? false : this.fail(name);
  }

  /** A tenant id, or null for 'null' (the host's own entries). */
  tenant(name: string): string | null | undefined {
    const v = this.text(name);
    if (v === undefined) return undefined;
    if (v === 'null') return null;
    return UUID.test(v) ? v.toLowerCase() : this.fail(name);
  }

  uuid(name: string): string | undefined {
    const v = this.text(name);
    if (v === undefined) return undefined;
    return UUID.test(v) ? v.toLowerCase() : this.fail(name);
  }
}

const like = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

/** audit_logs as `l` within the request's tenant level. */
export function visibleLogs(db: Db, request: FastifyRequest): Logs {
  const base = db.selectFrom('audit_logs as l');
  if (request.allTenants) return base;
  return request.tenantId === null ? base.where('l.tenant_id', 'is', null) : base.where('l.tenant_id', '=', request.tenantId);
}

const failed = (eb: ExpressionBuilder<Database & { l: Database['audit_logs'] }, 'l'>) =>
  eb.or([eb('l.exceptions', 'is not', null), eb(eb.fn.coalesce('l.http_status_code', sql.lit(0)), '>=', 400)]);

export function filteredLogs(db: Db, request: FastifyRequest): Logs {
  const read = new QueryReader(request.query as Record<string, unknown>, request.language);
  let q = visibleLogs(db, request);
  const tenantId = read.tenant('tenantId');
  if (tenantId !== undefined) q = tenantId === null ? q.where('l.tenant_id', 'is', null) : q.where('l.tenant_id', '=', tenantId);
  const userName = read.text('userName');
  if (userName) q = q.where('l.user_name', 'ilike', like(userName));
  const userId = read.uuid('userId');
  if (userId) q = q.where('l.user_id', '=', userId);
  const method = read.text('httpMethod');
  if (method) q = q.where('l.http_method', '=', method.toUpperCase());
  const url = read.text('url');
  if (url) q = q.where('l.url', 'ilike', like(url));
  const status = read.integer('httpStatusCode', 100, 599);
  if (status !== undefined) q = q.where('l.http_status_code', '=', status);
  const minDuration = read.integer('minExecutionDuration', 0, 2 ** 31 - 1);
  if (minDuration !== undefined) q = q.where('l.execution_duration', '>=', minDuration);
  const maxDuration = read.integer('maxExecutionDuration', 0, 2 ** 31 - 1);
  if (maxDuration !== undefined) q = q.where('l.execution_duration', '<=', maxDuration);
  const hasException = read.boolean('hasException');
  if (hasException !== undefined) q = q.where((eb) => (hasException ? failed(eb) : eb.not(failed(eb))));
  const start = read.date('startTime');
  if (start) q = q.where('l.execution_time', '>=', start);
  const end = read.date('endTime');
  if (end) q = q.where('l.execution_time', '<=', end);
  return q;
}
