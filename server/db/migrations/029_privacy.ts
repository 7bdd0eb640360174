import { sql, type Kysely } from 'kysely';

/**
 * Privacy (server/privacy): subject exports made in the background, downloadable once. The archive
 * is kept in the row until it is downloaded, then set to null (the row stays as a receipt).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('privacy_exports')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('requested_by', 'uuid', (c) => c.notNull())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'uuid', (c) => c.notNull())
    .addColumn('subject_name', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes', 'integer')
    .addColumn('archive', 'bytea')
    .addColumn('error', 'text')
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_time', 'timestamptz')
    .addColumn('downloaded_time', 'timestamptz')
    .execute();
  // The per-user limits count a user's recent exports; erasure finds a subject's.
  await sql`create index privacy_exports_requester on privacy_exports (requested_by, creation_time)`.execute(db);
  await sql`create index privacy_exports_subject on privacy_exports (subject_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('privacy_exports').ifExists().execute();
}
