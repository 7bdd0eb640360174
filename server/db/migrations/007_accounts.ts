import type { Kysely } from 'kysely';

/** Caregiver accounts: pending registrations, avatars, account transfers (server/accounts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  void db;
}
