import { sql, type Kysely } from 'kysely';

/**
 * A tenant's deletion now removes its roles with their grants (the role's claims, members and
 * organization units go with the role by the foreign keys' cascade). Roles left behind by tenants
 * deleted before that are removed here, so the host's role list shows none of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from permission_grants g using tenants t where g.tenant_id = t.id and t.is_deleted and g.provider_name = 'R'`.execute(db);
  await sql`delete from roles r using tenants t where r.tenant_id = t.id and t.is_deleted`.execute(db);
}

/** What was removed is not brought back. */
export async function down(): Promise<void> {}
