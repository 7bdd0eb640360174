import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/database';
import { logFailure } from '../db/health';
import { UUID } from '../http/uuid';

/** What is kept of a User-Agent or an address at most (the list shows a short description). */
const MAX_USER_AGENT = 512;
const MAX_IP = 64;

export interface TokenIssue {
  grantId: string;
  userId: string;
  clientId: string;
  userAgent: string | null;
  ip: string | null;
}

/**
 * Where a user is signed in (table session_activity, migration 023): after every token the
 * issuer hands out (sign-in and each renewal), the sign-in's row gets the browser's User-Agent,
 * its address and the time. Bookkeeping only: a failure is logged, never the token response's.
 */
export function recordSessionActivity(provider: Provider, db: Db, log: FastifyBaseLogger): void {
  provider.use(async (ctx, next) => {
    await next();
    const issue = tokenIssueOf(ctx as KoaContextWithOIDC);
    if (!issue) return;
    try {
      await saveSessionActivity(db, issue);
    } catch (err) {
      logFailure(log, err, 'session activity not recorded');
    }
  });
}

/** The sign-in a successful token endpoint response was for, or null for anything else. */
function tokenIssueOf(ctx: KoaContextWithOIDC): TokenIssue | null {
  // Routes the provider does not know (a 404) have no OIDC context.
  const oidc = (ctx as Partial<KoaContextWithOIDC>).oidc;
  if (!oidc || oidc.route !== 'token' || ctx.status !== 200) return null;
  const { AccessToken: accessToken, Grant: grant } = oidc.entities;
  const grantId = accessToken?.grantId ?? grant?.jti;
  const userId = grant?.accountId ?? accessToken?.accountId;
  const clientId = oidc.client?.clientId ?? grant?.clientId;
  if (!grantId || !userId || !UUID.test(userId) || !clientId) return null;
  const req = ctx.req as IncomingMessage & { clientIp?: string };
  const ip = req.clientIp ?? ctx.socket.remoteAddress ?? null;
  return { grantId, userId, clientId, userAgent: ctx.get('user-agent').slice(0, MAX_USER_AGENT) || null, ip: ip?.slice(0, MAX_IP) ?? null };
}

/**
 * Adds the sign-in's row, or marks its use (browser and address as last seen). Only while its
 * grant is at the issuer: a grant deleted meanwhile leaves no row behind (its deletion removes
 * the row in the database, migration 023).
 */
export async function saveSessionActivity(db: Db, issue: TokenIssue): Promise<void> {
  await db
    .insertInto('session_activity')
    .columns(['grant_id', 'user_id', 'client_id', 'user_agent', 'ip', 'created_at', 'last_used_at'])
    .expression((eb) =>
      eb
        .selectFrom('oidc_payloads')
        .select([
          sql<string>`${issue.grantId}::text`.as('grant_id'),
          sql<string>`${issue.userId}::uuid`.as('user_id'),
          sql<string>`${issue.clientId}::text`.as('client_id'),
          sql<string | null>`${issue.userAgent}::text`.as('user_agent'),
          sql<string | null>`${issue.ip}::text`.as('ip'),
          sql<Date>`now()`.as('created_at'),
          sql<Date>`now()`.as('last_used_at'),
        ])
        .where('model', '=', 'Grant')
        .where('id', '=', issue.grantId),
    )
    .onConflict((oc) =>
      // A renewal without a User-Agent or address keeps what was seen before.
      oc.column('grant_id').doUpdateSet((eb) => ({
        user_agent: sql<string | null>`coalesce(excluded.user_agent, session_activity.user_agent)`,
        ip: sql<string | null>`coalesce(excluded.ip, session_activity.ip)`,
        last_used_at: eb.ref('excluded.last_used_at'),
      })),
    )
    .execute();
}
