import { sql, type Kysely } from 'kysely';

/**
 * Identity extras:
 * - `two_factor_challenges`: the code mailed to a user with two-factor sign-in on, per sign-in
 *   interaction (hashed; expires; a few attempts);
 * - `external_signin_states`: an external (MitID) sign-in in flight: state, nonce and PKCE verifier
 *   for the round trip, then the verified subject until the sign-in interaction takes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('two_factor_challenges')
    .addColumn('interaction_uid', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('external_signin_states')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('interaction_uid', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('display_name', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('external_signin_states_uid_idx').on('external_signin_states').column('interaction_uid').execute();
}
