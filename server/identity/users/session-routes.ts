import { sql } from 'kysely';
import { POLICIES } from '../../../common/policies';
import { writeAuditLog } from '../../audit/audit-log';
import { describeChange } from '../../audit/entity-change';
import type { Db } from '../../db/database';
import { ABP_ERROR_RESPONSE } from '../../http/errors';
import { type Api, NO_CONTENT, pathParams, UUID_STRING } from '../../http/route-schemas';
import { endSessions } from '../grant-revocation';
import { assertMayManageUser } from '../escalation-rules';
import { requireUser } from './access';

const P = POLICIES.identityUsers;
const tags = ['identity-users'];

/** A malformed id is a 400 naming it (not the 404 of ID_PARAMS). */
const ID_PARAMS = pathParams({ id: UUID_STRING });
/** The action takes no body (an empty JSON object is fine). */
const NO_BODY = { type: ['object', 'null'], properties: {}, additionalProperties: false } as const;
const REFUSALS = { 400: ABP_ERROR_RESPONSE, 401: ABP_ERROR_RESPONSE, 403: ABP_ERROR_RESPONSE, 404: ABP_ERROR_RESPONSE } as const;


/** How many sign-ins of a user are on at the issuer. */
async function liveSessionCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('oidc_payloads')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('model', '=', 'Grant')
    .where(sql<boolean>`payload->>'accountId' = ${userId}`)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * "End all sessions" on the users screen: signs a user out everywhere (every sign-in's grant,
 * refresh tokens and issuer sessions; their access tokens stop working on every API node within
 * moments). As the other user actions: the user-update policy, a user of the caller's scope (else
 * 404), never one who holds more than the caller, audit-logged. An administrator ending their own
 * sessions stays signed in where they did it.
 */
export async function userSessionRoutes(app: Api, opts: { db: Db }) {
  const { db } = opts;

  app.post(
    '/api/identity/users/:id/end-sessions',
    {
      config: { policy: `${P}.Update` },
      schema: { tags, summary: 'Sign a user out everywhere: every session ends and its tokens stop working', params: ID_PARAMS, body: NO_BODY, response: { ...NO_CONTENT, ...REFUSALS } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const user = await requireUser(db, request, id);
      await assertMayManageUser(db, request, user);
      const principal = request.principal!;
      const keep = user.id === principal.userId ? principal.grantId : null;
      const before = await liveSessionCount(db, user.id);
      await db.transaction().execute(async (trx) => {
        await endSessions(trx, user.id, keep);
        const after = keep ? Math.min(before, 1) : 0;
        await writeAuditLog(trx, request, { status: 204, entityChanges: [describeChange('IdentityUser', user.id, { activeSessions: before }, { activeSessions: after })] });
      });
      return reply.status(204).send();
    },
  );
}
