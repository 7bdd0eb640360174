import { sql, type Kysely } from 'kysely';

/** The tables whose changes can change what a user may do (server/permissions/grants-cache.ts). */
export const GRANT_TABLES = ['permission_grants', 'user_roles', 'roles', 'organization_unit_roles', 'user_organization_units', 'users', 'tenants'] as const;
export const GRANTS_CHANNEL = 'vigil_grants';

/**
 * Every change to grants, roles, memberships, users or tenants notifies the API nodes (one
 * notification per statement, delivered at commit), so each node's cache of who may do what is
 * dropped at once, whichever code path made the change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function vigil_grants_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(GRANTS_CHANNEL)}, tg_table_name);
      return null;
    end $$`.execute(db);
  for (const table of GRANT_TABLES) {
    await sql`create trigger ${sql.id(`${table}_grants_changed`)} after insert or update or delete on ${sql.table(table)} for each statement execute function vigil_grants_changed()`.execute(db);
  }
}
