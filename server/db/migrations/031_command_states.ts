import { sql, type Kysely } from 'kysely';

/**
 * Command states (server/commands): a command to a watch is queued, sent (written to the watch's
 * connection, handed over in an OsmAnd answer, or accepted by the SMS gateway), acknowledged (the
 * watch echoed it), failed or expired (never sent in time). 'delivered' becomes 'acknowledged'.
 * `device_command_events` keeps every state a command took with its time, written in the same
 * statement as the change; existing commands get theirs from the times their rows hold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL named 010's column check `<table>_<column>_check`; dropped by name, so a database
  // where it is called something else fails here rather than keeping the old list.
  await sql`alter table device_commands drop constraint device_commands_status_check`.execute(db);
  await sql`update device_commands set status = 'acknowledged' where status = 'delivered'`.execute(db);
  await sql`alter table device_commands rename column delivered_time to acknowledged_time`.execute(db);
  await sql`alter table device_commands add constraint device_commands_status_check check (status in ('queued', 'sent', 'acknowledged', 'failed', 'expired'))`.execute(db);

  await db.schema
    .createTable('device_command_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('command_id', 'uuid', (c) => c.notNull().references('device_commands.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'sent', 'acknowledged', 'failed', 'expired')`))
    .addColumn('time', 'timestamptz', (c) => c.notNull())
    .addColumn('detail', 'text')
    .execute();
  await sql`create index device_command_events_command_idx on device_command_events (command_id, id)`.execute(db);

  // The states of the commands there are, as far as their rows tell: an SMS was never queued.
  await sql`insert into device_command_events (command_id, tenant_id, status, time)
    select id, tenant_id, 'queued', creation_time from device_commands where channel = 'device'`.execute(db);
  await sql`insert into device_command_events (command_id, tenant_id, status, time)
    select id, tenant_id, 'sent', sent_time from device_commands where sent_time is not null`.execute(db);
  await sql`insert into device_command_events (command_id, tenant_id, status, time)
    select id, tenant_id, 'acknowledged', acknowledged_time from device_commands where status = 'acknowledged' and acknowledged_time is not null`.execute(db);
  await sql`insert into device_command_events (command_id, tenant_id, status, time, detail)
    select id, tenant_id, 'failed', coalesce(sent_time, creation_time), error from device_commands where status = 'failed'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('device_command_events').ifExists().execute();
  await sql`alter table device_commands drop constraint device_commands_status_check`.execute(db);
  await sql`update device_commands set status = case status when 'acknowledged' then 'delivered' when 'expired' then 'failed' else status end where status in ('acknowledged', 'expired')`.execute(db);
  await sql`alter table device_commands rename column acknowledged_time to delivered_time`.execute(db);
  await sql`alter table device_commands add constraint device_commands_status_check check (status in ('queued', 'sent', 'delivered', 'failed'))`.execute(db);
}
