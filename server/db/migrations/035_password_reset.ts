import { sql, type Kysely } from 'kysely';

/**
 * Password reset by mail reuses `account_tokens` (single-use, expiring, only a SHA-256 kept):
 * - `purpose` may be 'password-reset' too;
 * - `security_stamp`: the user's security stamp when a reset link was made. A password change (or
 *   anything else that renews the stamp) since then voids the link, as ASP.NET Identity's reset
 *   tokens are bound to the stamp. Null for registration links.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table account_tokens drop constraint account_tokens_purpose_check`.execute(db);
  await sql`alter table account_tokens add constraint account_tokens_purpose_check check (purpose in ('registration', 'password-reset'))`.execute(db);
  await sql`alter table account_tokens add column security_stamp text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from account_tokens where purpose = 'password-reset'`.execute(db);
  await sql`alter table account_tokens drop column security_stamp`.execute(db);
  await sql`alter table account_tokens drop constraint account_tokens_purpose_check`.execute(db);
  await sql`alter table account_tokens add constraint account_tokens_purpose_check check (purpose in ('registration'))`.execute(db);
}
