import { sql, type Kysely } from 'kysely';

/**
 * DPoP proofs already accepted (server/http/dpop.ts), shared by every API node so a proof is good
 * once across all of them: a hash of the key's thumbprint and the proof's jti, until the proof is
 * too old to be accepted anyway. Unlogged on PostgreSQL: one insert per DPoP request writes no
 * WAL. A crash or a fail-over empties it, which reopens only the proofs of the last two minutes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unlogged table dpop_proofs (id text primary key, expires_at timestamptz not null)`.execute(db);
  await sql`create index dpop_proofs_expires on dpop_proofs (expires_at)`.execute(db);
}
