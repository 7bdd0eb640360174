import type { Kysely } from 'kysely';
import { notifyOnChange } from './notify-trigger';

/** The tables whose changes can change what a user may do (server/permissions/grants-cache.ts). */
export const GRANT_TABLES = ['permission_grants', 'user_roles', 'roles', 'organization_unit_roles', 'user_organization_units', 'users', 'tenants'] as const;
export const GRANTS_CHANNEL = 'vigil_grants';

/**
 * Every change to grants, roles, memberships, users or tenants notifies the API nodes (one
 * notification per statement, delivered at commit), so each node's cache of who may do what is
 * dropped at once, whichever code path made the change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await notifyOnChange(db, { fn: 'vigil_grants_changed', channel: GRANTS_CHANNEL, tables: GRANT_TABLES.map((table) => ({ table })) });
}
