import { sql, type Selectable } from 'kysely';
import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import type { AuditLogsTable, EntityChange } from './tables';
import { notFound } from '../http/errors';
import { pagingOf, sortingOf } from '../http/paging';
import type { Api } from '../http/route-schemas';
import { translate } from '../localization/texts';
import { refuseTenantUsers } from '../permissions/host-only';
import { filteredLogs, visibleLogs } from './audit-log-query';
import { AUDIT_LOG, AUDIT_LOG_PAGE, auditLogQuery, ENTITY_CHANGE_PAGE, ENTITY_CHANGE_QUERY, ID_PARAMS } from './route-schemas';

const ENDPOINT = '/api/audit-logging/audit-logs';

const SORTABLE = {
  executionTime: 'l.execution_time',
  executionDuration: 'l.execution_duration',
  httpStatusCode: 'l.http_status_code',
  httpMethod: 'l.http_method',
  userName: 'l.user_name',
  url: 'l.url',
} as const;

type LogRow = Selectable<AuditLogsTable> & { tenant_name: string | null };

/** ABP's EntityChangeDto (type names are the product's resource names, not .NET types). */
function entityChangeDto(change: EntityChange, log: { id: string; tenant_id: string | null; execution_time: Date }, index: number) {
  return {
    id: `${log.id}:${index}`,
    auditLogId: log.id,
    tenantId: log.tenant_id,
    changeTime: log.execution_time,
    changeType: change.changeType,
    entityId: change.entityId,
    entityTypeFullName: change.entityType,
    propertyChanges: change.propertyChanges.map((p) => ({ propertyName: p.propertyName, originalValue: p.originalValue, newValue: p.newValue })),
  };
}

function auditLogDto(row: LogRow) {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    tenantName: row.tenant_name,
    userId: row.user_id,
    userName: row.user_name,
    clientId: row.client_id,
    clientIpAddress: row.client_ip_address,
    browserInfo: row.browser_info,
    applicationName: 'Vigil',
    httpMethod: row.http_method,
    url: row.url,
    httpStatusCode: row.http_status_code,
    executionTime: row.execution_time,
    executionDuration: row.execution_duration,
    exceptions: row.exceptions,
    entityChanges: row.entity_changes.map((c, i) => entityChangeDto(c, row, i)),
    actions: [],
  };
}

/**
 * ABP audit logging, host users only: `GET /api/audit-logging/audit-logs` (paged, filtered, with
 * each entry's entity changes), `/{id}`, and `/entity-changes` (the changes across entries:
 * auditLogId, entityChangeType, entityId, entityTypeFullName, startDate/endDate). The host sees
 * its own entries, a tenant's with `__tenant`, every tenant's with the all-zero `__tenant`.
 */
export async function auditLogRoutes(app: Api, opts: { db: Db }) {
  const { db } = opts;
  app.addHook('preValidation', refuseTenantUsers);
  const tags = ['audit-logs'];
  const policy = POLICIES.auditLogs;

  app.get(ENDPOINT, { config: { policy }, schema: { tags, summary: 'List audit log entries', querystring: auditLogQuery(SORTABLE), response: { 200: AUDIT_LOG_PAGE } } }, async (request) => {
    const { query } = request;
    const { skip, take } = pagingOf(query);
    const sort = sortingOf(query, SORTABLE, { field: 'l.execution_time', desc: true });
    const base = filteredLogs(db, request, query);
    const { count } = await base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
    const rows = await base
      .leftJoin('tenants as t', 't.id', 'l.tenant_id')
      .selectAll('l')
      .select('t.name as tenant_name')
      .orderBy(sort.field, sort.desc ? 'desc' : 'asc')
      .orderBy('l.id')
      .offset(skip)
      .limit(take)
      .execute();
    return { totalCount: Number(count), items: rows.map(auditLogDto) };
  });

  app.get(`${ENDPOINT}/entity-changes`, { config: { policy }, schema: { tags, summary: 'List entity changes', querystring: ENTITY_CHANGE_QUERY, response: { 200: ENTITY_CHANGE_PAGE } } }, async (request) => {
    const { query } = request;
    const { skip, take } = pagingOf(query);
    const auditLogId = query.auditLogId?.toLowerCase();
    const changeType = query.entityChangeType;
    const entityId = query.entityId?.trim();
    const entityType = query.entityTypeFullName?.trim();
    const start = query.startDate === undefined ? undefined : new Date(query.startDate);
    const end = query.endDate === undefined ? undefined : new Date(query.endDate);

    const change = sql<EntityChange>`e.value`;
    let base = visibleLogs(db, request).innerJoin(sql<{ value: EntityChange; ordinality: number }>`jsonb_array_elements(l.entity_changes) with ordinality`.as('e'), (join) => join.onTrue());
    if (auditLogId) base = base.where('l.id', '=', auditLogId);
    if (changeType !== undefined) base = base.where(sql`(${change}->>'changeType')::int`, '=', changeType);
    if (entityId) base = base.where(sql`${change}->>'entityId'`, '=', entityId);
    if (entityType) base = base.where(sql`${change}->>'entityType'`, '=', entityType);
    if (start) base = base.where('l.execution_time', '>=', start);
    if (end) base = base.where('l.execution_time', '<=', end);

    const { count } = await base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
    const rows = await base
      .select(['l.id', 'l.tenant_id', 'l.execution_time', 'e.value', 'e.ordinality'])
      .orderBy('l.execution_time', 'desc')
      .orderBy('l.id')
      .orderBy('e.ordinality')
      .offset(skip)
      .limit(take)
      .execute();
    return { totalCount: Number(count), items: rows.map((r) => entityChangeDto(r.value, r, Number(r.ordinality) - 1)) };
  });

  app.get(`${ENDPOINT}/:id`, { config: { policy }, schema: { tags, summary: 'Get an audit log entry', params: ID_PARAMS, response: { 200: AUDIT_LOG } } }, async (request) => {
    const row = await visibleLogs(db, request).leftJoin('tenants as t', 't.id', 'l.tenant_id').selectAll('l').select('t.name as tenant_name').where('l.id', '=', request.params.id).executeTakeFirst();
    if (!row) throw notFound(translate('errors.entityNotFound', request.language));
    return auditLogDto(row);
  });
}
