import { sql, type Kysely } from 'kysely';

export const DIRECTORY_CHANNEL = 'vigil_directory';

/**
 * A change to a device's identity (IMEI, tenant, citizen, name, deletion) or to a geofence or its
 * links notifies every API node, which drops its ingest directory (server/ingest/device-directory.ts):
 * a zone drawn on one node is evaluated on all at once. The ingest's own device writes (battery,
 * last contact, status) touch none of these columns, so they notify nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function vigil_directory_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(DIRECTORY_CHANNEL)}, tg_table_name);
      return null;
    end $$`.execute(db);
  await sql`create trigger devices_directory_changed after insert or delete or update of imei, tenant_id, name, is_deleted on devices for each statement execute function vigil_directory_changed()`.execute(db);
  for (const table of ['geofences', 'geofence_links']) {
    await sql`create trigger ${sql.id(`${table}_directory_changed`)} after insert or update or delete on ${sql.table(table)} for each statement execute function vigil_directory_changed()`.execute(db);
  }
}
