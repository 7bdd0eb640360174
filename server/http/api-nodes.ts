import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { logFailure } from '../db/health';

/**
 * API nodes on one database must share one issuer (`$PUBLIC_URL/oidc`): a token names its issuer
 * and a node refuses every other. Each node records its issuer in `api_nodes` (migration 017), so
 * a node started with another PUBLIC_URL says so in its log instead of only answering 401s.
 */

/** How often a node marks itself as still there; the timer never keeps the process alive. */
const REFRESH_MS = 5 * 60_000;
/** Another issuer counts while it was seen this recently (a PUBLIC_URL changed on purpose ages out). */
const RECENT = '24 hours';
/** Foreign issuers warned about per process: a flood of made-up tokens cannot flood the log. */
const MAX_WARNED = 20;

export function issuerAdvice(ours: string, theirs: string): string {
  return `every node must use the same PUBLIC_URL (the issuer); tokens issued by ${theirs} are refused by a node whose issuer is ${ours}`;
}

/**
 * Upserts this node's issuer now and every few minutes, and warns once per other issuer seen on
 * the database within the last day. Errors are logged, never thrown: the database may be away.
 */
export async function registerNode(app: FastifyInstance, db: Db, issuer: string): Promise<void> {
  const warned = new Set<string>();
  const beat = async (): Promise<void> => {
    await sql`insert into api_nodes (issuer, last_seen) values (${issuer}, now())
      on conflict (issuer) do update set last_seen = excluded.last_seen`.execute(db);
    const { rows } = await sql<{ issuer: string; last_seen: Date }>`select issuer, last_seen from api_nodes
      where issuer <> ${issuer} and last_seen > now() - ${RECENT}::interval order by issuer`.execute(db);
    for (const other of rows) {
      if (warned.has(other.issuer)) continue;
      warned.add(other.issuer);
      app.log.warn(
        { issuer, otherIssuer: other.issuer, otherLastSeen: other.last_seen },
        `another API node on this database has issuer ${other.issuer}, this one ${issuer}: ${issuerAdvice(issuer, other.issuer)} ` +
          `(and the other way round). Set the same PUBLIC_URL on every node; after a deliberate change this warning stops ${RECENT} after the old node was last seen.`,
      );
    }
  };
  const safeBeat = () => beat().catch((err: unknown) => logFailure(app.log, err, 'could not record this API node in api_nodes'));
  await safeBeat();
  const timer = setInterval(() => void safeBeat(), REFRESH_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * The issuer a refused token names when it is not ours (read without verifying: the token is
 * refused either way, this only says why). Only a plausible URL counts, cut to 200 characters.
 */
export function foreignIssuer(token: string, issuer: string): string | undefined {
  let iss: unknown;
  try {
    iss = decodeJwt(token).iss;
  } catch {
    return undefined;
  }
  if (typeof iss !== 'string' || iss === issuer || !/^https?:\/\/\S+$/.test(iss)) return undefined;
  return iss.slice(0, 200);
}

/** Logs the first token of each foreign issuer (up to MAX_WARNED of them) with the fix. */
export function foreignIssuerWarner(log: FastifyBaseLogger, issuer: string): (tokenIssuer: string) => void {
  const warned = new Set<string>();
  return (tokenIssuer) => {
    if (warned.has(tokenIssuer) || warned.size >= MAX_WARNED) return;
    warned.add(tokenIssuer);
    log.warn({ issuer, tokenIssuer }, `refused a token issued by ${tokenIssuer} (issuer mismatch): ${issuerAdvice(issuer, tokenIssuer)}`);
  };
}
