import type { Kysely } from 'kysely';

/** Tracking: positions, device runtime state, ingest bookkeeping (server/ingest, server/alarms). */
export async function up(db: Kysely<unknown>): Promise<void> {
  void db;
}
