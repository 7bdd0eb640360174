import { sql, type Kysely } from 'kysely';

/**
 * Stronger sign-in than a mailed code (issue 15, item 6):
 * - user_passkeys: a user's WebAuthn credentials (passkeys): credential id, COSE public key,
 *   signature counter, transports, a name the user gives it, when made and last used
 *   (server/identity/passkeys);
 * - webauthn_challenges: the challenge of a passkey ceremony in flight, good once and for minutes:
 *   a registration keyed by its user, a sign-in by its sign-in interaction;
 * - user_authenticators: a user's authenticator app (TOTP, RFC 6238): the shared secret, when it
 *   was confirmed with a first code, and the last time step a code was accepted (no replay);
 * - user_recovery_codes: the ten one-time recovery codes given when the app is set up, hashed;
 * - authenticator_challenges: a sign-in waiting for the app's code after the right password (per
 *   interaction, with the wrong codes counted like the mailed code's);
 * - roles.require_second_factor: members must sign in with a second factor (the tenant's own
 *   switch is the setting Vigil.Identity.RequireSecondFactor).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('user_passkeys')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid')
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'bytea', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('backed_up', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await sql`create index user_passkeys_user on user_passkeys (user_id)`.execute(db);

  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('challenge', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index webauthn_challenges_expires on webauthn_challenges (expires_at)`.execute(db);

  await db.schema
    .createTable('user_authenticators')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid')
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled_at', 'timestamptz')
    .addColumn('last_used_step', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('user_recovery_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid')
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create index user_recovery_codes_user on user_recovery_codes (user_id)`.execute(db);

  await db.schema
    .createTable('authenticator_challenges')
    .addColumn('interaction_uid', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create index authenticator_challenges_expires on authenticator_challenges (expires_at)`.execute(db);

  await sql`alter table roles add column require_second_factor boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table roles drop column if exists require_second_factor`.execute(db);
  for (const table of ['authenticator_challenges', 'user_recovery_codes', 'user_authenticators', 'webauthn_challenges', 'user_passkeys']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
