import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { POLICIES } from '../../common/policies';
import { writeAuditLog } from '../audit/audit-log';
import { describeChange } from '../audit/entity-change';
import type { Db } from '../db/database';
import { ABP_ERROR_RESPONSE, notFound } from '../http/errors';
import { pagingOf } from '../http/paging';
import { writeSecurityLog } from '../identity/security-log';
import { translate } from '../localization/texts';
import type { ModuleContext } from '../module-context';
import { type Api, NO_CONTENT, PAGING_PROPERTIES, pathParams, querySchema } from '../http/route-schemas';
import { revokeGrant } from '../identity/grant-revocation';
import { deviceName } from './device-name';

const BASE = '/api/account/sessions';
const READ = POLICIES.account;
const UPDATE = `${POLICIES.account}.Update`;
const tags = ['account'];

/** A session's id is its grant at the issuer (oidc-provider's ids: URL-safe, 21 characters). */
const SESSION_ID = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } as const;
const ID_PARAMS = pathParams({ id: SESSION_ID });
const PAGING_QUERY = querySchema(PAGING_PROPERTIES);
const NULLABLE_STRING = { type: ['string', 'null'] } as const;
const SESSION = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    device: NULLABLE_STRING,
    browser: NULLABLE_STRING,
    os: NULLABLE_STRING,
    userAgent: NULLABLE_STRING,
    ipAddress: NULLABLE_STRING,
    signedInAt: { type: 'string', format: 'date-time' },
    lastUsedAt: { type: 'string', format: 'date-time' },
    clientId: { type: 'string' },
    clientName: { type: 'string' },
    isCurrent: { type: 'boolean' },
  },
  required: ['id', 'device', 'browser', 'os', 'userAgent', 'ipAddress', 'signedInAt', 'lastUsedAt', 'clientId', 'clientName', 'isCurrent'],
} as const;
const SESSION_PAGE = { type: 'object', properties: { totalCount: { type: 'integer' }, items: { type: 'array', items: SESSION } }, required: ['totalCount', 'items'] } as const;
const REFUSALS = { 400: ABP_ERROR_RESPONSE, 401: ABP_ERROR_RESPONSE, 403: ABP_ERROR_RESPONSE } as const;

/** The user's sign-ins still on at the issuer (Grant rows not expired), with what was seen of each. */
function liveSessions(db: Db, userId: string) {
  return db
    .selectFrom('oidc_payloads as g')
    .leftJoin('session_activity as a', 'a.grant_id', 'g.id')
    .where('g.model', '=', 'Grant')
    .where(sql<boolean>`g.payload->>'accountId' = ${userId}`)
    .where((eb) => eb.or([eb('g.expires_at', 'is', null), eb('g.expires_at', '>', new Date())]));
}

/**
 * "Where you are signed in" on /account: the signed-in user's sessions (one per sign-in at the
 * issuer: browser, address, last use, the one the call came from marked), and ending one, which
 * revokes its grant with its tokens (its access tokens stop working on every API node within
 * moments, server/oidc/token-liveness.ts). Only the caller's own: another user's id is a 404.
 */
export async function accountSessionRoutes(app: Api, ctx: ModuleContext): Promise<void> {
  const { db, config } = ctx;
  const clientNames: Record<string, string> = { [config.clientId]: 'Vigil', [config.plugAndPlayClientId]: 'Vigil Plug and Play' };

  app.get(
    BASE,
    { config: { policy: READ }, schema: { tags, summary: 'Where the signed-in user is signed in', querystring: PAGING_QUERY, response: { 200: SESSION_PAGE, ...REFUSALS } } },
    async (request) => {
      const { skip, take } = pagingOf(request.query);
      const principal = request.principal!;
      const current = principal.grantId ?? '';
      const [count, rows] = await Promise.all([
        liveSessions(db, principal.userId).select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
        liveSessions(db, principal.userId)
          .select(['g.id', 'g.payload', 'a.client_id', 'a.user_agent', 'a.ip', 'a.created_at', 'a.last_used_at'])
          .orderBy(sql`g.id = ${current}`, 'desc')
          .orderBy(sql`coalesce(a.last_used_at, to_timestamp((g.payload->>'iat')::double precision))`, 'desc')
          .orderBy('g.id')
          .offset(skip)
          .limit(take)
          .execute(),
      ]);
      return {
        totalCount: Number(count.count),
        items: rows.map((row) => {
          const issuedAt = typeof row.payload.iat === 'number' ? new Date(row.payload.iat * 1000) : null;
          const signedInAt = row.created_at ?? issuedAt ?? new Date();
          const clientId = row.client_id ?? (typeof row.payload.clientId === 'string' ? row.payload.clientId : '');
          const device = deviceName(row.user_agent);
          return {
            id: row.id,
            device: device.description,
            browser: device.browser,
            os: device.os,
            userAgent: row.user_agent,
            ipAddress: row.ip,
            signedInAt: new Date(signedInAt).toISOString(),
            lastUsedAt: new Date(row.last_used_at ?? signedInAt).toISOString(),
            clientId,
            clientName: clientNames[clientId] ?? clientId,
            isCurrent: row.id === principal.grantId,
          };
        }),
      };
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { policy: UPDATE },
      schema: { tags, summary: 'End one of the signed-in user’s sessions: its tokens stop working', params: ID_PARAMS, response: { ...NO_CONTENT, ...REFUSALS, 404: ABP_ERROR_RESPONSE } },
    },
    async (request, reply) => {
      const lang = request.language;
      const { id } = request.params;
      const principal = request.principal!;
      const session = await liveSessions(db, principal.userId).select(['g.id', 'a.user_agent', 'a.ip']).where('g.id', '=', id).executeTakeFirst();
      if (!session) throw notFound(translate('errors.entityNotFound', lang));
      await db.transaction().execute(async (trx) => {
        await revokeGrant(trx, session.id);
        await writeAuditLog(trx, request, { status: 204, entityChanges: [describeChange('UserSession', session.id, { userId: principal.userId, ipAddress: session.ip, device: deviceName(session.user_agent).description }, null)] });
        await writeSessionEnded(trx, request, session.id);
      });
      return reply.status(204).send();
    },
  );
}

/** A sign-out in the user's security log: ended from /account (possibly this very session). */
async function writeSessionEnded(db: Db, request: FastifyRequest, sessionId: string): Promise<void> {
  const principal = request.principal!;
  await writeSecurityLog(db, {
    action: 'Logout',
    userId: principal.userId,
    userName: principal.userName,
    tenantId: principal.tenantId,
    clientId: principal.clientId,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    extra: { sessionId, endedFrom: 'account', current: sessionId === principal.grantId },
  });
}
