import { sql, type Kysely } from 'kysely';
import { sanitizeRichText } from '../../schema-engine/rich-text';

/**
 * Rich text stored before the server cleaned it on write keeps only the shared allow-list
 * (common/rich-text.ts). The guides' body was then the only rich-text field; a new install has no
 * guides table yet (the schema engine makes it after the migrations).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const table = await sql<{ name: string | null }>`select to_regclass('guides')::text as name`.execute(db);
  if (!table.rows[0]?.name) return;
  const rows = await sql<{ id: string; body: string | null }>`select id, body from guides`.execute(db);
  for (const row of rows.rows) {
    if (row.body === null) continue;
    const clean = sanitizeRichText(row.body);
    if (clean !== row.body) await sql`update guides set body = ${clean} where id = ${row.id}`.execute(db);
  }
}
