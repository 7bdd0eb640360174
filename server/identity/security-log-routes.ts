import type { FastifyInstance } from 'fastify';
import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import { queryParam, readPaging, readSorting } from '../http/paging';

const SORTABLE = { creationTime: 'creation_time', action: 'action', userName: 'user_name' } as const;

/**
 * GET /api/identity/security-logs: sign-in successes and failures, sign-outs and password changes
 * of the caller's tenant (the host sees the host's), newest first; filters userName, action and
 * startTime/endTime.
 */
export async function securityLogRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.get('/api/identity/security-logs', { config: { policy: POLICIES.securityLogs } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const { skip, take } = readPaging(query, request.language);
    const sort = readSorting(query, SORTABLE, { field: 'creation_time', desc: true }, request.language);
    const text = (name: string) => {
      const v = queryParam(query, name);
      return typeof v === 'string' && v.trim() ? v.trim() : undefined;
    };
    const date = (name: string) => {
      const v = text(name);
      return v && !Number.isNaN(Date.parse(v)) ? new Date(v) : undefined;
    };
    const userName = text('userName');
    const action = text('action');
    const start = date('startTime');
    const end = date('endTime');

    let base = opts.db.selectFrom('security_logs');
    base = request.tenantId === null ? base.where('tenant_id', 'is', null) : base.where('tenant_id', '=', request.tenantId);
    if (userName) base = base.where('user_name', 'ilike', `%${userName.replace(/[%_\\]/g, '\\$&')}%`);
    if (action) base = base.where('action', '=', action);
    if (start) base = base.where('creation_time', '>=', start);
    if (end) base = base.where('creation_time', '<=', end);

    const [{ count }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      base
        .selectAll()
        .orderBy(sort.field, sort.desc ? 'desc' : 'asc')
        .orderBy('id')
        .offset(skip)
        .limit(take)
        .execute(),
    ]);
    return {
      totalCount: Number(count),
      items: rows.map((r) => ({
        id: r.id,
        tenantId: r.tenant_id,
        applicationName: r.application_name,
        identity: r.identity,
        action: r.action,
        userId: r.user_id,
        userName: r.user_name,
        clientId: r.client_id,
        clientIpAddress: r.client_ip_address,
        browserInfo: r.browser_info,
        creationTime: r.creation_time,
      })),
    };
  });
}
