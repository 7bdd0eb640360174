import { sql, type Kysely } from 'kysely';

/**
 * What a watch calls itself on its protocol (`protocolId` in schemas/devices.json): a 3G watch
 * sends a 10-digit ID that is not always its IMEI. Empty: the watch sends its IMEI (or serial
 * number, which devices.imei holds as well). The ingest directory matches it first
 * (server/ingest/device-directory.ts), so it is unique among live devices, as the IMEI is.
 *
 * The index has the name and shape the schema engine gives an `x-unique` global field
 * (server/schema-engine/sync-tables.ts), so the engine finds it and does not make a second one.
 * The directory's trigger (014) is recreated to fire on the new column too: a watch renamed
 * here reaches the ingest of every node at once. The IMEI column holds serial numbers too, so
 * `update of imei` already covers those.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('devices').addColumn('protocol_id', 'text').execute();
  await sql`create unique index devices_protocol_id_global_key on devices (protocol_id) where not is_deleted and protocol_id is not null`.execute(db);
  await directoryTrigger(db, 'imei, protocol_id, tenant_id, name, is_deleted');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await directoryTrigger(db, 'imei, tenant_id, name, is_deleted');
  await sql`drop index if exists devices_protocol_id_global_key`.execute(db);
  await db.schema.alterTable('devices').dropColumn('protocol_id').execute();
}

/** The devices trigger of 014 (its function, vigil_directory_changed, stays), on these columns. */
async function directoryTrigger(db: Kysely<unknown>, columns: string): Promise<void> {
  await sql`drop trigger if exists devices_vigil_directory on devices`.execute(db);
  await sql`create trigger devices_vigil_directory after insert or delete or update of ${sql.raw(columns)} on devices for each statement execute function vigil_directory_changed()`.execute(db);
}
