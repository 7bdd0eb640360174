import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Ends sign-ins at the issuer by removing their rows (oidc_payloads). Deleting a Grant row notifies
 * every API node (migration 022), whose TokenLiveness then refuses the grant's access tokens and
 * closes its live streams; its refresh tokens and codes go with it, so nothing can renew.
 */

/** Ends one grant: the grant, its tokens and codes, and the issuer sessions that hold it. */
export async function revokeGrant(db: Db, grantId: string): Promise<void> {
  await db
    .deleteFrom('oidc_payloads')
    .where((eb) =>
      eb.or([
        eb('grant_id', '=', grantId),
        eb.and([eb('model', '=', 'Grant'), eb('id', '=', grantId)]),
        eb.and([eb('model', '=', 'Session'), sql<boolean>`${holdsGrant(grantId)}`]),
      ]),
    )
    .execute();
}

/**
 * Signs a user out everywhere: their sessions, grants and refresh tokens at the issuer are removed,
 * so a locked, deactivated or deleted user cannot renew tokens, and their access tokens stop
 * working on every API node. `keepGrantId` spares the caller's own sign-in (a user changing
 * their own password stays signed in where they did it, and nowhere else).
 */
export async function endSessions(db: Db, userId: string, keepGrantId?: string | null): Promise<void> {
  let query = db.deleteFrom('oidc_payloads').where(sql<boolean>`payload->>'accountId' = ${userId}`);
  if (keepGrantId) {
    query = query
      .where((eb) => eb.or([eb('grant_id', 'is', null), eb('grant_id', '!=', keepGrantId)]))
      .where((eb) => eb.not(eb.and([eb('model', '=', 'Grant'), eb('id', '=', keepGrantId)])))
      .where((eb) => eb.not(eb.and([eb('model', '=', 'Session'), sql<boolean>`${holdsGrant(keepGrantId)}`])));
  }
  await query.execute();
}

/** Whether an issuer session row holds a grant (its authorizations map client ids to grant ids). */
function holdsGrant(grantId: string) {
  return sql`exists (select 1 from jsonb_each(payload->'authorizations') a where a.value->>'grantId' = ${grantId})`;
}
