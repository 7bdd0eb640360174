import type { Kysely } from 'kysely';
import { notifyOnChange } from './notify-trigger';

export const DIRECTORY_CHANNEL = 'vigil_directory';

/**
 * A change to a device's identity (IMEI, tenant, name, deletion) or to a geofence or its links
 * notifies every API node, which drops its ingest directory (server/ingest/device-directory.ts):
 * a zone drawn on one node is evaluated on all at once. The ingest's own device writes (battery,
 * last contact, status) touch none of these columns, so they notify nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await notifyOnChange(db, {
    fn: 'vigil_directory_changed',
    channel: DIRECTORY_CHANNEL,
    tables: [{ table: 'devices', events: 'insert or delete or update of imei, tenant_id, name, is_deleted' }, { table: 'geofences' }, { table: 'geofence_links' }],
  });
}
