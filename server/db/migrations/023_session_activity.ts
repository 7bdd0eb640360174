import { sql, type Kysely } from 'kysely';

/**
 * Where a user is signed in (/account, "Where you are signed in"): one row per sign-in (the
 * issuer's grant), written when the issuer hands out tokens (server/oidc/session-activity.ts)
 * with the browser's User-Agent and address, and its last use. A row goes with its grant: deleting
 * a Grant row at the issuer (sign-out, ending a session, a user locked or deleted, the expiry
 * sweep) deletes its activity.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('session_activity')
    .addColumn('grant_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index session_activity_user on session_activity (user_id)`.execute(db);
  await sql`
    create function vigil_session_activity_gone() returns trigger language plpgsql as $$
    begin
      delete from session_activity where grant_id = old.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger oidc_grant_activity_gone after delete on oidc_payloads for each row when (old.model = 'Grant') execute function vigil_session_activity_gone()`.execute(db);
}
