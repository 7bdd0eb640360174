import { sql, type Kysely } from 'kysely';

/**
 * The raw message ring (device_messages, server/ingest) rewrites a slot on every message. Its
 * indexes named received_time, so every rewrite was a full (non-HOT) update that added an entry to
 * each index. Now only columns a slot keeps are indexed (device, IMEI) and pages keep room, so a
 * rewrite stays on its page and touches no index. A device's slots are at most 50: they are found
 * by device and sorted by time after.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('device_messages_device_idx').execute();
  await db.schema.dropIndex('device_messages_unique_idx').execute();
  await db.schema.createIndex('device_messages_device_idx').on('device_messages').column('device_id').execute();
  await db.schema.createIndex('device_messages_unique_idx').on('device_messages').column('unique_id').execute();
  await sql`alter table device_messages set (fillfactor = 50)`.execute(db);
}
