import type { Kysely } from 'kysely';

/** Billing: the built-in gateway's customers, cards, subscriptions and invoices (server/billing). */
export async function up(db: Kysely<unknown>): Promise<void> {
  void db;
}
