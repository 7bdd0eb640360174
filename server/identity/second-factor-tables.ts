import type { ColumnType, Generated, JSONColumnType, Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';

/**
 * The tables of passkeys and the authenticator app (migration 024_second_factors), typed here so
 * the modules that use them add them to the database's type where they need them.
 */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** int8: a string on node-postgres, a number or bigint elsewhere; written as a number. */
type Int8 = ColumnType<string | number | bigint, number | undefined, number>;

export interface UserPasskeysTable {
  id: string;
  user_id: string;
  tenant_id: string | null;
  /** base64url, as the browser reports it. */
  credential_id: string;
  /** The COSE public key. */
  public_key: ColumnType<Uint8Array, Uint8Array, never>;
  counter: Int8;
  transports: JSONColumnType<string[]>;
  /** 'singleDevice' or 'multiDevice' (a synced passkey). */
  device_type: string;
  backed_up: Generated<boolean>;
  name: string;
  created_at: CreatedAt;
  last_used_at: NullableTimestamp;
}

export interface WebauthnChallengesTable {
  key: string;
  challenge: string;
  expires_at: Timestamp;
}

export interface UserAuthenticatorsTable {
  user_id: string;
  tenant_id: string | null;
  /** Base32, as the app was given it. */
  secret: string;
  /** When the first code confirmed it; null while it is being set up. */
  enabled_at: NullableTimestamp;
  /** The time step of the last code accepted: a code of that step or before is refused (replay). */
  last_used_step: ColumnType<string | number | bigint | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
}

export interface UserRecoveryCodesTable {
  id: string;
  user_id: string;
  tenant_id: string | null;
  code_hash: string;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface AuthenticatorChallengesTable {
  interaction_uid: string;
  user_id: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  creation_time: CreatedAt;
}

export type SecondFactorTables = {
  user_passkeys: UserPasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  user_authenticators: UserAuthenticatorsTable;
  user_recovery_codes: UserRecoveryCodesTable;
  authenticator_challenges: AuthenticatorChallengesTable;
  roles: { require_second_factor: Generated<boolean> };
};

export type SecondFactorDb = Kysely<Database & SecondFactorTables>;

/** The database (or a transaction on it) with these tables in its type. */
export function secondFactorDb(db: Kysely<Database> | Transaction<Database>): SecondFactorDb {
  return db.withTables<SecondFactorTables>();
}
