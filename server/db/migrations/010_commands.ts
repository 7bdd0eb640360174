import type { Kysely } from 'kysely';

/** Commands and device settings: queued commands, wanted versus reported settings (server/commands). */
export async function up(db: Kysely<unknown>): Promise<void> {
  void db;
}
