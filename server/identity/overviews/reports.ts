import type { FastifyInstance, FastifyReply } from 'fastify';
import { POLICIES } from '../../../common/policies';
import type { Db } from '../../db/database';
import { badRequest } from '../../http/errors';
import { translate } from '../../localization/texts';
import { ListParams } from '../list-params';
import { readSecurityLogFilters, securityLogQuery } from '../security-log-query';
import { scopeOf } from '../scope';
import { csvDate, csvDocument } from './csv';
import { overviewFilters, overviewItems, overviewQuery, type OverviewKind } from './queries';

/** More rows than this is a 400 asking for narrower filters. */
export const REPORT_MAX_ROWS = 50_000;

const KINDS: readonly OverviewKind[] = ['all', 'standard', 'phonenumberlogin', 'mitid'];

function sendCsv(reply: FastifyReply, name: string, body: string) {
  const file = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * Report downloads of the users overview (SPEC: datareport userOverview and securitylogs): the
 * same filters as the lists, every matching row up to REPORT_MAX_ROWS, as CSV with headers in the
 * caller's language.
 */
export async function reportRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  app.get('/api/app/datareport/userOverview', { config: { policy: POLICIES.usersOverview } }, async (request, reply) => {
    const lang = request.language;
    const params = new ListParams(request.query as Record<string, unknown>, lang);
    const asked = params.text('type') ?? 'all';
    const kind = KINDS.find((k) => k === asked.toLowerCase());
    if (!kind) throw badRequest(translate('errors.validation', lang), [{ members: ['type'], message: translate('validation:invalid', lang, { field: 'type' }) }]);
    const rows = await overviewQuery(db, scopeOf(request), kind, overviewFilters(kind, params))
      .selectAll('u')
      .select('t.name as tenant_name')
      .orderBy('u.user_name')
      .limit(REPORT_MAX_ROWS + 1)
      .execute();
    if (rows.length > REPORT_MAX_ROWS) throw badRequest(translate('export.tooManyRows', lang, { count: REPORT_MAX_ROWS }));
    const items = await overviewItems(db, rows, kind);
    const yes = translate('reports.yes', lang);
    const no = translate('reports.no', lang);
    const columns = ['userName', 'name', 'surname', 'email', 'phoneNumber', 'phoneNumberLogin', 'roles', 'active', 'lockedOut', 'lastSignIn', 'created', 'organisation'];
    const body = csvDocument(
      columns.map((c) => translate(`reports.userOverview.${c}`, lang)),
      items.map((i) => [
        i.userName,
        i.name,
        i.surname,
        i.email,
        i.phoneNumber,
        i.phoneNumberLoginEnabled ? yes : no,
        i.roles.join(', '),
        i.isActive ? yes : no,
        i.isLockedOut ? yes : no,
        i.lastSignInTime ? csvDate(i.lastSignInTime) : '',
        csvDate(i.creationTime),
        i.tenantName ?? '',
      ]),
      lang,
    );
    return sendCsv(reply, 'users', body);
  });

  app.get('/api/app/datareport/securitylogs', { config: { policy: POLICIES.securityLogs } }, async (request, reply) => {
    const lang = request.language;
    const filters = readSecurityLogFilters(new ListParams(request.query as Record<string, unknown>, lang));
    const rows = await securityLogQuery(db, scopeOf(request), filters).selectAll().orderBy('creation_time', 'desc').orderBy('id').limit(REPORT_MAX_ROWS + 1).execute();
    if (rows.length > REPORT_MAX_ROWS) throw badRequest(translate('export.tooManyRows', lang, { count: REPORT_MAX_ROWS }));
    const columns = ['time', 'action', 'userName', 'identity', 'application', 'client', 'ipAddress', 'browser'];
    const body = csvDocument(
      columns.map((c) => translate(`reports.securityLogs.${c}`, lang)),
      rows.map((r) => [csvDate(r.creation_time), r.action, r.user_name, r.identity, r.application_name, r.client_id, r.client_ip_address, r.browser_info]),
      lang,
    );
    return sendCsv(reply, 'security-logs', body);
  });
}
