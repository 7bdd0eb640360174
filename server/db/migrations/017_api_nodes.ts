import { sql, type Kysely } from 'kysely';

/**
 * The issuer of each API node seen on this database and when (server/oidc/nodes.ts): a node
 * started with another PUBLIC_URL finds the others' issuers here and warns at start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_nodes')
    .addColumn('issuer', 'text', (c) => c.primaryKey())
    .addColumn('last_seen', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
