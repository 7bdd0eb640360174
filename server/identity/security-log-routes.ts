import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import { pagingOf, sortingOf } from '../http/paging';
import { securityLogFilters, SECURITY_LOG_SORTING, securityLogDto, securityLogQuery } from './security-log-query';
import { entityNotFound, scopeOf } from '../multitenancy/scope';
import { type Api, ID_PARAMS, pagedResult } from '../http/route-schemas';
import { SECURITY_LOG, SECURITY_LOG_QUERY } from './security-log-schemas';

/**
 * GET /api/identity/security-logs: sign-in successes and failures, sign-outs, password changes and
 * refused privilege escalations of the caller's tenant (the host sees the host's), newest first;
 * ABP's filters userName, action, applicationName, identity, clientId, correlationId,
 * startTime/endTime, and userId. GET /api/identity/security-logs/{id}: one entry.
 */
export async function securityLogRoutes(app: Api, opts: { db: Db }) {
  const { db } = opts;
  const tags = ['identity-security-logs'];

  app.get(
    '/api/identity/security-logs',
    { config: { policy: POLICIES.securityLogs }, schema: { tags, summary: 'Security log entries, paged and filtered', querystring: SECURITY_LOG_QUERY, response: { 200: pagedResult(SECURITY_LOG) } } }, async (request) => {
    const { query } = request;
    const { skip, take } = pagingOf(query);
    const sort = sortingOf(query, SECURITY_LOG_SORTING, { field: 'creation_time', desc: true });
    const base = securityLogQuery(db, scopeOf(request), securityLogFilters(query));
    const [{ count }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      base.selectAll().orderBy(sort.field, sort.desc ? 'desc' : 'asc').orderBy('id').offset(skip).limit(take).execute(),
    ]);
    return { totalCount: Number(count), items: rows.map(securityLogDto) };
    },
  );

  app.get('/api/identity/security-logs/:id',
    { config: { policy: POLICIES.securityLogs }, schema: { tags, summary: 'A security log entry', params: ID_PARAMS, response: { 200: SECURITY_LOG } } }, async (request) => {
    const row = await securityLogQuery(db, scopeOf(request), {}).selectAll().where('id', '=', request.params.id).executeTakeFirst();
    if (!row) throw entityNotFound(request);
    return securityLogDto(row);
  });
}
