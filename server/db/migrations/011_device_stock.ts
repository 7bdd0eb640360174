import type { Kysely } from 'kysely';

/** Device stock: stop reasons, exchange flow, raw messages for troubleshooting (server/device-stock). */
export async function up(db: Kysely<unknown>): Promise<void> {
  void db;
}
