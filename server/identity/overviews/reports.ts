import type { FastifyReply } from 'fastify';
import { POLICIES } from '../../../common/policies';
import type { Db } from '../../db/database';
import { badRequest } from '../../http/errors';
import { translate } from '../../localization/texts';
import { XLSX_TYPE } from '../../http/content-types';
import { reportWorkbook, type ReportTable } from '../reports/workbook';
import { securityLogFilters, securityLogQuery } from '../security-log-query';
import { scopeOf } from '../../multitenancy/scope';
import { csvDocument } from '../reports/csv';
import { overviewFilters, overviewItems, overviewQuery } from './queries';
import type { Api } from '../../http/route-schemas';
import { REPORT_FILE, SECURITY_REPORT_QUERY, USER_REPORT_QUERY } from './route-schemas';

/** More rows than this is a 400 asking for narrower filters. */
export const REPORT_MAX_ROWS = 50_000;

/** `format=csv` (the default) or `format=xlsx` (the query's schema refuses any other). */
type Format = 'csv' | 'xlsx';

async function sendReport(reply: FastifyReply, name: string, format: Format, table: ReportTable, lang: string) {
  const file = `${name}-${new Date().toISOString().slice(0, 10)}.${format}`;
  const body = format === 'xlsx' ? await reportWorkbook(table) : csvDocument(table.headers, table.rows, lang);
  return reply
    .header('content-type', format === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * Report downloads of the users overview (SPEC: datareport userOverview and securitylogs): the
 * same filters as the lists, every matching row up to REPORT_MAX_ROWS, with headers in the
 * caller's language, as CSV or, with `format=xlsx`, as an Excel workbook.
 */
export async function reportRoutes(app: Api, opts: { db: Db }) {
  const { db } = opts;
  const tags = ['user-overviews'];

  app.get(
    '/api/app/datareport/userOverview',
    { config: { policy: POLICIES.usersOverview }, schema: { tags, summary: 'The users overview as a CSV or Excel file', querystring: USER_REPORT_QUERY, response: { 200: REPORT_FILE } } }, async (request, reply) => {
    const lang = request.language;
    const { query } = request;
    const format = query.format ?? 'csv';
    const kind = query.type ?? 'all';
    const rows = await overviewQuery(db, scopeOf(request), kind, overviewFilters(kind, query))
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
    const table: ReportTable = {
      sheet: translate('identity:reports.usersSheet', lang),
      headers: columns.map((c) => translate(`reports.userOverview.${c}`, lang)),
      rows: items.map((i) => [
        i.userName,
        i.name,
        i.surname,
        i.email,
        i.phoneNumber,
        i.phoneNumberLoginEnabled ? yes : no,
        i.roles.join(', '),
        i.isActive ? yes : no,
        i.isLockedOut ? yes : no,
        i.lastSignInTime ? new Date(i.lastSignInTime) : null,
        new Date(i.creationTime),
        i.tenantName ?? '',
      ]),
    };
    return sendReport(reply, 'users', format, table, lang);
    },
  );

  app.get(
    '/api/app/datareport/securitylogs',
    { config: { policy: POLICIES.securityLogs }, schema: { tags, summary: 'The security log as a CSV or Excel file', querystring: SECURITY_REPORT_QUERY, response: { 200: REPORT_FILE } } }, async (request, reply) => {
    const lang = request.language;
    const format = request.query.format ?? 'csv';
    const filters = securityLogFilters(request.query);
    const rows = await securityLogQuery(db, scopeOf(request), filters).selectAll().orderBy('creation_time', 'desc').orderBy('id').limit(REPORT_MAX_ROWS + 1).execute();
    if (rows.length > REPORT_MAX_ROWS) throw badRequest(translate('export.tooManyRows', lang, { count: REPORT_MAX_ROWS }));
    const columns = ['time', 'action', 'userName', 'identity', 'application', 'client', 'ipAddress', 'browser'];
    const table: ReportTable = {
      sheet: translate('identity:reports.securityLogsSheet', lang),
      headers: columns.map((c) => translate(`reports.securityLogs.${c}`, lang)),
      rows: rows.map((r) => [new Date(r.creation_time), r.action, r.user_name, r.identity, r.application_name, r.client_id, r.client_ip_address, r.browser_info]),
    };
    return sendReport(reply, 'security-logs', format, table, lang);
    },
  );
}
