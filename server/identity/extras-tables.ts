import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface TwoFactorChallengesTable {
  interaction_uid: string;
  user_id: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Timestamp;
  creation_time: ColumnType<Date, Date | string | undefined, never>;
}

export interface ExternalSigninStatesTable {
  state: string;
  provider: string;
  interaction_uid: string;
  nonce: string;
  code_verifier: string;
  subject: ColumnType<string | null, string | null | undefined, string | null>;
  display_name: ColumnType<string | null, string | null | undefined, string | null>;
  expires_at: Timestamp;
}

/** Tables of 012_identity_extras, merged into the Database type. */
export interface IdentityExtrasTables {
  two_factor_challenges: TwoFactorChallengesTable;
  external_signin_states: ExternalSigninStatesTable;
}
