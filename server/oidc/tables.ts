import type { ColumnType, JSONColumnType } from 'kysely';
import type { CreatedAt, Nullable, Timestamp } from '../db/columns';

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

/** The OpenID provider's tables (001_foundation, 022, 023), in the Database type. */
declare module '../db/tables' {
  interface Database {
    oidc_payloads: OidcPayloadsTable;
    revoked_access_tokens: RevokedAccessTokensTable;
    session_activity: SessionActivityTable;
    server_secrets: ServerSecretsTable;
  }
}
