import { sql, type Kysely } from 'kysely';

/**
 * The raw message ring is read by device (/troubleshoot); an IMEI is only looked up for messages
 * of watches not registered (device_id null). Indexing every message's IMEI cost each new slot a
 * third index entry that nothing read: now only the unregistered watches' messages are indexed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('device_messages_unique_idx').execute();
  await sql`create index device_messages_unique_idx on device_messages (unique_id) where device_id is null`.execute(db);
}
