import { sql, type Kysely } from 'kysely';

/** The channel a queued device command is notified on, its payload the device's id (server/ingest/tcp listens). */
export const COMMANDS_CHANNEL = 'vigil_commands';

/**
 * Watches on a live connection (server/ingest/tcp):
 * - `device_connections`: which node holds a watch's connection, since when, from where, and its
 *   last frame in and out (Troubleshooting: the frames themselves are the message ring's and the
 *   command log's). A new connection for the same watch replaces the row.
 * - a queued command notifies its device's id, so the node holding the connection sends it at once,
 *   whichever node queued it.
 * - `device_state.offline_pending`: a watch whose connection closed shows offline at once; its
 *   offline alarm still waits for the device's own timeout (the offline check raises it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_connections')
    .addColumn('device_id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('connection_id', 'uuid', (c) => c.notNull())
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('remote_address', 'text')
    .addColumn('connected_time', 'timestamptz', (c) => c.notNull())
    .addColumn('last_in_time', 'timestamptz')
    .addColumn('last_out_time', 'timestamptz')
    .execute();
  await sql`alter table device_state add column offline_pending boolean not null default false`.execute(db);
  await sql`
    create function vigil_notify_command() returns trigger language plpgsql as $$
    begin
      if new.status = 'queued' and new.channel = 'device' then
        perform pg_notify(${sql.lit(COMMANDS_CHANNEL)}, new.device_id::text);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger device_commands_notify after insert on device_commands for each row execute function vigil_notify_command()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists device_commands_notify on device_commands`.execute(db);
  await sql`drop function if exists vigil_notify_command()`.execute(db);
  await sql`alter table device_state drop column if exists offline_pending`.execute(db);
  await db.schema.dropTable('device_connections').ifExists().execute();
}
