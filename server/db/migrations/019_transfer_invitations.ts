import { sql, type Kysely } from 'kysely';

/**
 * Account transfers answer the same whether or not the recipient has an account (docs/decisions/027-mail-abuse.md,
 * "Mail abuse"): an invitation to nobody is kept like any other, without a recipient, and shows
 * the sender what they typed (`recipient_label`), never the recipient's name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table account_transfers alter column recipient_user_id drop not null`.execute(db);
  await db.schema.alterTable('account_transfers').addColumn('recipient_label', 'text').execute();
}
