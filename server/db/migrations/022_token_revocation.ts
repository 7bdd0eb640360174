import { sql, type Kysely } from 'kysely';

/** Where every API node hears that access tokens stopped being good (server/oidc/token-liveness.ts). */
export const REVOKED_CHANNEL = 'vigil_revoked';

/**
 * Revocation that reaches the API:
 * - deleting a Grant row at the issuer (sign-out, refresh-token replay, revocation, a user locked,
 *   deactivated, deleted or given a new password) notifies every node with `g:<grant id>`;
 * - revoked_access_tokens keeps the ids of single access tokens revoked at the revocation endpoint
 *   until they would have expired anyway, and notifies `t:<jti>`;
 * - an index on the issuer rows' account, for ending all of a user's sign-ins.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index oidc_payloads_account_idx on oidc_payloads ((payload->>'accountId'))`.execute(db);
  await sql`
    create function vigil_grant_revoked() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(REVOKED_CHANNEL)}, 'g:' || old.id);
      return null;
    end $$`.execute(db);
  await sql`create trigger oidc_grant_revoked after delete on oidc_payloads for each row when (old.model = 'Grant') execute function vigil_grant_revoked()`.execute(db);

  await db.schema
    .createTable('revoked_access_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index revoked_access_tokens_expires on revoked_access_tokens (expires_at)`.execute(db);
  await sql`
    create function vigil_token_revoked() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(REVOKED_CHANNEL)}, 't:' || new.jti);
      return null;
    end $$`.execute(db);
  await sql`create trigger revoked_access_token_added after insert on revoked_access_tokens for each row execute function vigil_token_revoked()`.execute(db);
}
