import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { CreatedAt, NullableTimestamp, Timestamp } from '../db/columns';

export interface UsersTable {
  id: string;
  tenant_id: string | null;
  user_name: string;
  normalized_user_name: string;
  email: string;
  normalized_email: string;
  email_confirmed: Generated<boolean>;
  name: Generated<string>;
  surname: Generated<string>;
  phone_number: string | null;
  password_hash: string;
  is_active: Generated<boolean>;
  lockout_enabled: Generated<boolean>;
  lockout_end: Timestamp | null;
  access_failed_count: Generated<number>;
  two_factor_enabled: Generated<boolean>;
  security_stamp: string;
  concurrency_stamp: string;
  creation_time: CreatedAt;
  last_sign_in_time: Timestamp | null;
  phone_number_login_enabled: Generated<boolean>;
  is_deleted: Generated<boolean>;
  deletion_time: Timestamp | null;
  last_password_change_time: Timestamp | null;
}

export interface RolesTable {
  id: string;
  tenant_id: string | null;
  name: string;
  normalized_name: string;
  is_default: Generated<boolean>;
  is_public: Generated<boolean>;
  is_static: Generated<boolean>;
  concurrency_stamp: string;
  creation_time: CreatedAt;
  /** Members must sign in with a second factor (024_second_factors). */
  require_second_factor: Generated<boolean>;
}

export interface UserRolesTable {
  user_id: string;
  role_id: string;
  tenant_id: string | null;
}

export interface UserPasswordHistoryTable {
  id: string;
  user_id: string;
  password_hash: string;
  creation_time: CreatedAt;
}

export interface ClaimTypesTable {
  id: string;
  name: string;
  normalized_name: string;
  required: Generated<boolean>;
  is_static: Generated<boolean>;
  regex: string | null;
  regex_description: string | null;
  description: string | null;
  /** 0 String, 1 Int, 2 Boolean, 3 DateTime (ABP's IdentityClaimValueType). */
  value_type: Generated<number>;
  concurrency_stamp: string;
  creation_time: CreatedAt;
}

export interface RoleClaimsTable {
  id: string;
  role_id: string;
  tenant_id: string | null;
  claim_type: string;
  claim_value: string;
}

export interface OrganizationUnitsTable {
  id: string;
  tenant_id: string | null;
  parent_id: string | null;
  /** '00001.00002': the unit's place in the tree; a subtree is a code prefix. */
  code: string;
  display_name: string;
  concurrency_stamp: string;
  creation_time: CreatedAt;
}

export interface OrganizationUnitRolesTable {
  organization_unit_id: string;
  role_id: string;
  tenant_id: string | null;
  creation_time: CreatedAt;
}

export interface UserOrganizationUnitsTable {
  user_id: string;
  organization_unit_id: string;
  tenant_id: string | null;
  creation_time: CreatedAt;
}

export interface ExternalLoginsTable {
  id: string;
  tenant_id: string | null;
  user_id: string;
  /** The external issuer ('MitID'). */
  provider: string;
  /** The user's subject at that issuer. */
  subject: string;
  display_name: string | null;
  creation_time: CreatedAt;
  last_used_time: Timestamp | null;
}

export interface UserWorkingHoursTable {
  id: string;
  user_id: string;
  tenant_id: string | null;
  /** 0 Sunday ... 6 Saturday. */
  day_of_week: number;
  /** 'HH:mm' */
  start_time: string;
  end_time: string;
}

export interface SecurityLogsTable {
  id: string;
  tenant_id: string | null;
  user_id: string | null;
  user_name: string | null;
  application_name: string;
  identity: string;
  action: string;
  client_id: string | null;
  client_ip_address: string | null;
  browser_info: string | null;
  correlation_id: string | null;
  creation_time: CreatedAt;
  extra_properties: ColumnType<Record<string, unknown>, string | undefined, string>;
}

/** A mailed sign-in code awaiting its entry (012_identity_extras). */
export interface TwoFactorChallengesTable {
  interaction_uid: string;
  user_id: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Timestamp;
  creation_time: ColumnType<Date, Date | string | undefined, never>;
}

/** An external sign-in (MitID) under way (012_identity_extras). */
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

/** Failed sign-ins per (login, address) and per login, and the lockout each earned (018, server/identity/sign-in-throttle.ts). */
export interface SignInThrottleTable {
  key: string;
  failures: number;
  lockouts: number;
  locked_until: Date | null;
  last_failure: Date;
}

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

/** The identity tables (001, 004, 012, 018, 024_second_factors), in the Database type. */
declare module '../db/tables' {
  interface Database {
    users: UsersTable;
    roles: RolesTable;
    user_roles: UserRolesTable;
    user_password_history: UserPasswordHistoryTable;
    claim_types: ClaimTypesTable;
    role_claims: RoleClaimsTable;
    organization_units: OrganizationUnitsTable;
    organization_unit_roles: OrganizationUnitRolesTable;
    user_organization_units: UserOrganizationUnitsTable;
    external_logins: ExternalLoginsTable;
    user_working_hours: UserWorkingHoursTable;
    security_logs: SecurityLogsTable;
    two_factor_challenges: TwoFactorChallengesTable;
    external_signin_states: ExternalSigninStatesTable;
    sign_in_throttle: SignInThrottleTable;
    user_passkeys: UserPasskeysTable;
    webauthn_challenges: WebauthnChallengesTable;
    user_authenticators: UserAuthenticatorsTable;
    user_recovery_codes: UserRecoveryCodesTable;
    authenticator_challenges: AuthenticatorChallengesTable;
  }
}
