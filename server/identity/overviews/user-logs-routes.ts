import { sql, type Selectable } from 'kysely';
import { POLICIES } from '../../../common/policies';
import type { Db } from '../../db/database';
import type { AuditLogsTable } from '../../audit/tables';
import type { SecurityLogsTable } from '../tables';
import { filterOf, pagingOf } from '../../http/paging';
import { scopeOf } from '../../multitenancy/scope';
import { securityLogDto } from '../security-log-query';
import { requireUser } from '../users/access';
import { userListQuery } from '../users/queries';
import { type Api, ID_PARAMS } from '../../http/route-schemas';
import { LOG_USER_PAGE, LOG_USER_QUERY, USER_LOG, USER_LOG_QUERY } from './route-schemas';

const P = POLICIES.userLogs;

/** An audited call in a user's timeline: ABP's audit log fields with its entity changes. */
function auditEntry(row: Selectable<AuditLogsTable>) {
  return {
    kind: 'audit' as const,
    time: row.execution_time,
    id: row.id,
    tenantId: row.tenant_id,
    userId: row.user_id,
    userName: row.user_name,
    httpMethod: row.http_method,
    url: row.url,
    httpStatusCode: row.http_status_code,
    executionDuration: row.execution_duration,
    clientIpAddress: row.client_ip_address,
    browserInfo: row.browser_info,
    exceptions: row.exceptions,
    entityChanges: row.entity_changes.map((c) => ({ entityTypeFullName: c.entityType, entityId: c.entityId, changeType: c.changeType, propertyChanges: c.propertyChanges })),
  };
}

const securityEntry = (row: Selectable<SecurityLogsTable>) => ({ kind: 'security' as const, time: row.creation_time, ...securityLogDto(row) });

type UserLogEntry = ReturnType<typeof auditEntry> | ReturnType<typeof securityEntry>;
type Kind = 'audit' | 'security';

/**
 * /userLogs (Vigil.UserLogs): what one user did, newest first: their audited API calls (with the
 * entities and properties changed) and their security log (sign-ins, sign-outs, password
 * changes) in one timeline. Staff pick users of their own tenant only (the host: its own, or
 * every tenant's with the all-tenants choice), so a user's entries are always in the caller's
 * reach; audit entries are not otherwise readable inside a tenant.
 */
export async function userLogRoutes(app: Api, opts: { db: Db }) {
  const { db } = opts;
  const tags = ['user-logs'];

  app.get('/api/app/user-logs/users', { config: { policy: P }, schema: { tags, summary: 'Users to pick, paged', querystring: LOG_USER_QUERY, response: { 200: LOG_USER_PAGE } } }, async (request) => {
    const { query } = request;
    const { skip, take } = pagingOf(query);
    const base = userListQuery(db, scopeOf(request), { filter: filterOf(query) }).leftJoin('tenants as t', 't.id', 'u.tenant_id');
    const [{ count }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      base.select(['u.id', 'u.user_name', 'u.name', 'u.surname', 'u.email', 'u.tenant_id', 't.name as tenant_name']).orderBy('u.user_name').orderBy('u.id').offset(skip).limit(take).execute(),
    ]);
    return {
      totalCount: Number(count),
      items: rows.map((r) => ({ id: r.id, userName: r.user_name, name: r.name, surname: r.surname, email: r.email, tenantId: r.tenant_id, tenantName: r.tenant_name })),
    };
  });

  app.get('/api/app/user-logs/:id',
    { config: { policy: P }, schema: { tags, summary: "A user's audited calls and security log, newest first", params: ID_PARAMS, querystring: USER_LOG_QUERY, response: { 200: USER_LOG } } }, async (request) => {
    const user = await requireUser(db, request, request.params.id);
    const { query } = request;
    const { skip, take } = pagingOf(query);
    const { kind } = query;
    const start = query.startTime === undefined ? undefined : new Date(query.startTime);
    const end = query.endTime === undefined ? undefined : new Date(query.endTime);

    let audit = db.selectFrom('audit_logs').select([sql<Kind>`'audit'`.as('kind'), 'id', 'execution_time as time']).where('user_id', '=', user.id);
    let security = db.selectFrom('security_logs').select([sql<Kind>`'security'`.as('kind'), 'id', 'creation_time as time']).where('user_id', '=', user.id);
    if (start) {
      audit = audit.where('execution_time', '>=', start);
      security = security.where('creation_time', '>=', start);
    }
    if (end) {
      audit = audit.where('execution_time', '<=', end);
      security = security.where('creation_time', '<=', end);
    }
    const timeline = kind === 'audit' ? audit : kind === 'security' ? security : audit.unionAll(security);
    const [{ count }, page] = await Promise.all([
      db.selectFrom(timeline.as('x')).select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      db.selectFrom(timeline.as('x')).selectAll().orderBy('time', 'desc').orderBy('id').offset(skip).limit(take).execute(),
    ]);

    const ids = (k: Kind) => page.filter((e) => e.kind === k).map((e) => e.id);
    const [audits, securities] = await Promise.all([
      ids('audit').length ? db.selectFrom('audit_logs').selectAll().where('id', 'in', ids('audit')).execute() : [],
      ids('security').length ? db.selectFrom('security_logs').selectAll().where('id', 'in', ids('security')).execute() : [],
    ]);
    const auditById = new Map(audits.map((a) => [a.id, a]));
    const securityById = new Map(securities.map((s) => [s.id, s]));
    const items = page.flatMap<UserLogEntry>((entry) => {
      const row = entry.kind === 'audit' ? auditById.get(entry.id) : securityById.get(entry.id);
      if (!row) return [];
      return 'action' in row ? [securityEntry(row)] : [auditEntry(row)];
    });
    return { totalCount: Number(count), user: { id: user.id, userName: user.user_name }, items };
  });
}
