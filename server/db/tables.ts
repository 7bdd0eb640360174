import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { AccountsTables } from '../accounts/tables';
import type { CareTables } from '../care/tables';
import type { MailTables } from '../mail/tables';
import type { AlarmsTables } from '../alarms/tables';
import type { BillingTables } from '../billing/tables';
import type { CommandsTables } from '../commands/tables';
import type { DeviceStockTables } from '../device-stock/tables';
import type { DevicesTables } from '../devices/tables';
import type { GeofencesTables } from '../geofences/tables';
import type { IdentityExtrasTables } from '../identity/extras-tables';
import type { TrackingTables } from '../ingest/tables';
import type { JobsTables } from '../jobs/tables';
import type { PushTables } from '../push/tables';
import type { PrivacyTables } from '../privacy/tables';
import type { HistoryTables } from '../history/tables';

/** Timestamps: written as Date or ISO string, read as Date. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** A nullable column that may be left out on insert (it defaults to null). */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface TenantsTable {
  id: string;
  name: string;
  normalized_name: string;
  is_active: Generated<boolean>;
  activation_end_date: Timestamp | null;
  creation_time: CreatedAt;
  concurrency_stamp: string;
  // The back office's own tenant fields (/api/app/customTenant), from 005_tenancy_localization.
  contact_email: Nullable<string>;
  phone_number: Nullable<string>;
  address: Nullable<string>;
  customer_number: Nullable<string>;
  notes: Nullable<string>;
  last_modification_time: NullableTimestamp;
  is_deleted: Generated<boolean>;
  deletion_time: NullableTimestamp;
  deleter_id: Nullable<string>;
}

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
}

export interface UserRolesTable {
  user_id: string;
  role_id: string;
  tenant_id: string | null;
}

export interface PermissionGrantsTable {
  id: string;
  tenant_id: string | null;
  name: string;
  /** 'R' (role name) or 'U' (user id), as ABP. */
  provider_name: string;
  provider_key: string;
}

export interface FeatureValuesTable {
  id: string;
  name: string;
  value: string;
  /** 'T' (tenant id) or 'E' (edition), as ABP. */
  provider_name: string;
  provider_key: string;
}

export interface SettingsTable {
  id: string;
  name: string;
  value: string;
  provider_name: string | null;
  provider_key: string | null;
}

export interface OidcPayloadsTable {
  model: string;
  id: string;
  payload: JSONColumnType<Record<string, unknown>>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
}

/** Single access tokens revoked before their expiry (migration 022). */
export interface RevokedAccessTokensTable {
  jti: string;
  expires_at: Timestamp;
}

/** A DPoP proof accepted by some API node (migration 021, server/http/dpop.ts): id is a hash of key thumbprint and jti. */
export interface DpopProofsTable {
  id: string;
  expires_at: Timestamp;
}

/** Where a user is signed in: one row per issuer grant (migration 023, server/oidc/session-activity.ts). */
export interface SessionActivityTable {
  grant_id: string;
  user_id: string;
  client_id: string;
  user_agent: Nullable<string>;
  ip: Nullable<string>;
  created_at: CreatedAt;
  last_used_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ServerSecretsTable {
  name: string;
  value: JSONColumnType<object>;
  creation_time: CreatedAt;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  window_start: Timestamp;
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

export interface DevicesTable {
  id: string;
  tenant_id: string | null;
  owner_user_id: string | null;
  name: string;
  imei: string;
  device_id: string | null;
  model: string | null;
  status: Generated<string>;
  subscription_status: Generated<string>;
  battery_level: number | null;
  last_contact: Timestamp | null;
  is_deleted: Generated<boolean>;
  concurrency_stamp: string;
  creation_time: CreatedAt;
  creator_id: string | null;
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

export interface EntityChange {
  entityType: string;
  entityId: string;
  /** 0 created, 1 updated, 2 deleted (ABP's EntityChangeType). */
  changeType: 0 | 1 | 2;
  propertyChanges: { propertyName: string; originalValue: unknown; newValue: unknown }[];
}

export interface AuditLogsTable {
  id: string;
  tenant_id: string | null;
  user_id: string | null;
  user_name: string | null;
  client_id: string | null;
  http_method: string;
  url: string;
  http_status_code: number | null;
  execution_time: CreatedAt;
  execution_duration: number | null;
  client_ip_address: string | null;
  browser_info: string | null;
  exceptions: string | null;
  entity_changes: JSONColumnType<EntityChange[]>;
}

export interface SchemaStateTable {
  resource: string;
  table_name: string;
  /** { column: sqlType } of the schema's own columns at the last start. */
  columns: JSONColumnType<Record<string, string>>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface LanguagesTable {
  id: string;
  culture_name: string;
  ui_culture_name: string;
  display_name: string;
  flag_icon: string | null;
  is_enabled: Generated<boolean>;
  creation_time: CreatedAt;
  last_modification_time: NullableTimestamp;
  concurrency_stamp: string;
}

/** A translation changed in the back office, over resources/locales/<folder>/<resource_name>.json. */
export interface LanguageTextsTable {
  id: string;
  /** null: for everyone (the only level the API writes). */
  tenant_id: string | null;
  resource_name: string;
  culture_name: string;
  /** The dotted key ('signIn.errors.invalid'). */
  name: string;
  value: string;
  last_modification_time: ColumnType<Date, Date | string | undefined, Date | string>;
  last_modifier_id: string | null;
}

/** A counter per in-memory cache that every API node compares with its own copy. */
export interface CacheVersionsTable {
  name: string;
  version: number;
}

/**
 * Every table. Feature modules declare theirs in their own folder (server/<module>/tables.ts) and
 * are merged here, so a module's tables live next to the code that owns them.
 */
export interface Database
  extends CareTables,
    MailTables,
    AccountsTables,
    BillingTables,
    DevicesTables,
    TrackingTables,
    AlarmsTables,
    GeofencesTables,
    CommandsTables,
    DeviceStockTables,
    IdentityExtrasTables,
    PushTables,
    PrivacyTables,
    HistoryTables,
    JobsTables {
  tenants: TenantsTable;
  users: UsersTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  permission_grants: PermissionGrantsTable;
  feature_values: FeatureValuesTable;
  settings: SettingsTable;
  oidc_payloads: OidcPayloadsTable;
  revoked_access_tokens: RevokedAccessTokensTable;
  dpop_proofs: DpopProofsTable;
  session_activity: SessionActivityTable;
  server_secrets: ServerSecretsTable;
  rate_limits: RateLimitsTable;
  security_logs: SecurityLogsTable;
  devices: DevicesTable;
  audit_logs: AuditLogsTable;
  schema_state: SchemaStateTable;
  languages: LanguagesTable;
  language_texts: LanguageTextsTable;
  cache_versions: CacheVersionsTable;
  user_password_history: UserPasswordHistoryTable;
  claim_types: ClaimTypesTable;
  role_claims: RoleClaimsTable;
  organization_units: OrganizationUnitsTable;
  organization_unit_roles: OrganizationUnitRolesTable;
  user_organization_units: UserOrganizationUnitsTable;
  external_logins: ExternalLoginsTable;
  user_working_hours: UserWorkingHoursTable;
}
