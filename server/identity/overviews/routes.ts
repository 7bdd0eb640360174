import type { FastifyRequest } from 'fastify';
import { POLICIES } from '../../../common/policies';
import { writeAuditLog } from '../../audit/audit-log';
import type { Db } from '../../db/database';
import { pagingOf, sortingOf } from '../../http/paging';
import { describeChange } from '../../audit/entity-change';
import { securityLogFilters, SECURITY_LOG_SORTING, securityLogDto, securityLogQuery } from '../security-log-query';
import { scopeOf } from '../../multitenancy/scope';
import { requireUser } from '../users/access';
import { OVERVIEW_SORTING, overviewFilters, overviewItems, overviewQuery, type OverviewKind } from './queries';
import { userLogRoutes } from './user-logs-routes';
import { checkWorkingHours, replaceWorkingHours, workingHoursOf } from './working-hours';
import { type Api, type Checked, ID_PARAMS, pagedResult } from '../../http/route-schemas';
import { SECURITY_LOG, SECURITY_LOG_QUERY } from '../security-log-schemas';
import { OVERVIEW_PAGE, OVERVIEW_QUERY, WORKING_HOURS, WORKING_HOURS_PAGE } from './route-schemas';

const P = POLICIES.usersOverview;

/**
 * The users overview (/api/app/user-overviews): the tenant's standard users, phone sign-in users,
 * MitID users and working hours, each a paged list with Filter, roleId, notActive, isLockedOut and
 * Sorting; one user's working hours (GET/PUT) and security log.
 */
export async function userOverviewListRoutes(app: Api, opts: { db: Db }) {
  const { db } = opts;
  const tags = ['user-overviews'];
  const list = <R extends object>(summary: string, page: R) => ({ config: { policy: P }, schema: { tags, summary, querystring: OVERVIEW_QUERY, response: { 200: page } } }) as const;
  // The user logs screen reads the same users and their entries (its own policy).
  await app.register(userLogRoutes, { db });

  const page = async (request: FastifyRequest, query: Checked<typeof OVERVIEW_QUERY>, kind: OverviewKind) => {
    const { skip, take } = pagingOf(query);
    const sort = sortingOf(query, OVERVIEW_SORTING, { field: 'u.user_name', desc: false });
    const base = overviewQuery(db, scopeOf(request), kind, overviewFilters(kind, query));
    const [{ count }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      base.selectAll('u').select('t.name as tenant_name').orderBy(sort.field, sort.desc ? 'desc' : 'asc').orderBy('u.id').offset(skip).limit(take).execute(),
    ]);
    return { totalCount: Number(count), items: await overviewItems(db, rows, kind) };
  };

  app.get('/api/app/user-overviews', list('Users who sign in with user name or email and a password', OVERVIEW_PAGE), (request) => page(request, request.query, 'standard'));
  app.get('/api/app/user-overviews/phonenumberlogin', list('Users who sign in with their phone number', OVERVIEW_PAGE), (request) => page(request, request.query, 'phonenumberlogin'));
  app.get('/api/app/user-overviews/mitid', list('Users who sign in with MitID', OVERVIEW_PAGE), (request) => page(request, request.query, 'mitid'));
  app.get('/api/app/user-overviews/workinghours', list('Every user with their working hours', WORKING_HOURS_PAGE), async (request) => {
    const { totalCount, items } = await page(request, request.query, 'all');
    const hours = await workingHoursOf(db, items.map((i) => i.id));
    return { totalCount, items: items.map((i) => ({ ...i, workingHours: hours.get(i.id) ?? [] })) };
  });

  app.get('/api/app/user-overviews/:id/workinghours',
    { config: { policy: P }, schema: { tags, summary: "A user's working hours", params: ID_PARAMS, response: { 200: WORKING_HOURS } } }, async (request) => {
    const user = await requireUser(db, request, request.params.id);
    return (await workingHoursOf(db, [user.id])).get(user.id) ?? [];
  });

  app.put('/api/app/user-overviews/:id/workinghours',
    { config: { policy: `${P}.Update` }, schema: { tags, summary: "Replace a user's working hours", params: ID_PARAMS, body: WORKING_HOURS, response: { 200: WORKING_HOURS } } }, async (request) => {
    const user = await requireUser(db, request, request.params.id);
    const hours = checkWorkingHours(request.body, request.language);
    const before = (await workingHoursOf(db, [user.id])).get(user.id) ?? [];
    const list = (h: typeof hours) => h.map((e) => `${e.dayOfWeek} ${e.start}-${e.end}`);
    await db.transaction().execute(async (trx) => {
      await replaceWorkingHours(trx, user.id, user.tenant_id, hours);
      await writeAuditLog(trx, request, { status: 200, entityChanges: [describeChange('UserWorkingHours', user.id, { workingHours: list(before) }, { workingHours: list(hours) })] });
    });
    return hours;
  });

  app.get('/api/app/user-overviews/:id/logs',
    { config: { policy: POLICIES.securityLogs }, schema: { tags, summary: "A user's security log, paged", params: ID_PARAMS, querystring: SECURITY_LOG_QUERY, response: { 200: pagedResult(SECURITY_LOG) } } }, async (request) => {
    const user = await requireUser(db, request, request.params.id);
    const { query } = request;
    const { skip, take } = pagingOf(query);
    const sort = sortingOf(query, SECURITY_LOG_SORTING, { field: 'creation_time', desc: true });
    const filters = { ...securityLogFilters(query), userId: user.id, userName: undefined };
    const base = securityLogQuery(db, { tenantId: user.tenant_id, all: false }, filters);
    const [{ count }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      base.selectAll().orderBy(sort.field, sort.desc ? 'desc' : 'asc').orderBy('id').offset(skip).limit(take).execute(),
    ]);
    return { totalCount: Number(count), items: rows.map(securityLogDto) };
  });
}
