import { sql, type Kysely } from 'kysely';

/**
 * Frozen with the migrations that call it (013, 014): a later change belongs in a new migration.
 *
 * Makes changes to tables notify every API node: a statement trigger per table calls
 * `pg_notify(channel, table name)`, delivered at commit (LISTEN on PostgreSQL, in-process on
 * PGlite). `events` narrows a table's trigger (e.g. 'insert or delete or update of imei').
 */
export async function notifyOnChange(db: Kysely<unknown>, opts: { fn: string; channel: string; tables: { table: string; events?: string }[] }): Promise<void> {
  await sql`
    create or replace function ${sql.id(opts.fn)}() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(opts.channel)}, tg_table_name);
      return null;
    end $$`.execute(db);
  for (const { table, events = 'insert or update or delete' } of opts.tables) {
    await sql`create trigger ${sql.id(`${table}_${opts.channel}`)} after ${sql.raw(events)} on ${sql.table(table)} for each statement execute function ${sql.id(opts.fn)}()`.execute(db);
  }
}
