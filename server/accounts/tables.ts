import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, NullableTimestamp } from '../db/columns';

/** Tables of 007_accounts (caregiver profiles, mailed tokens, account transfers, avatars), merged into the Database type. */
export interface CaregiverProfilesTable {
  user_id: string;
  tenant_id: string | null;
  /** Culture name mails to this carer are written in ('da-DK'). */
  language: Generated<string>;
  product_updates: Generated<boolean>;
  terms_accepted_time: NullableTimestamp;
  creation_time: CreatedAt;
}

export interface AccountTokensTable {
  id: string;
  tenant_id: string | null;
  user_id: string;
  purpose: 'registration' | 'password-reset';
  /** SHA-256 (hex) of the token in the mailed link. */
  token_hash: string;
  /** A reset link's user's security stamp when it was made: a stamp renewed since voids it (035). */
  security_stamp: ColumnType<string | null, string | null | undefined, string | null>;
  expires_time: ColumnType<Date, Date | string, Date | string>;
  used_time: NullableTimestamp;
  creation_time: CreatedAt;
}

export interface AccountTransfersTable {
  id: string;
  tenant_id: string | null;
  sender_user_id: string;
  /** Null for an invitation to nobody (an unknown or inactive recipient): kept, never mailed (019). */
  recipient_user_id: string | null;
  /** What the sender typed to name the recipient (e-mail, user name or id), shown back to the sender. */
  recipient_label: ColumnType<string | null, string | null | undefined, string | null>;
  token_hash: string;
  status: Generated<'pending' | 'accepted' | 'cancelled'>;
  expires_time: ColumnType<Date, Date | string, Date | string>;
  accepted_time: NullableTimestamp;
  /** How many watches moved, once accepted. */
  device_count: ColumnType<number | null, number | null | undefined, number | null>;
  creation_time: CreatedAt;
}

export interface UserAvatarsTable {
  user_id: string;
  tenant_id: string | null;
  content_type: string;
  size: number;
  data: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
  updated_time: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Tables of this module, in the Database type. */
declare module '../db/tables' {
  interface Database {
    caregiver_profiles: CaregiverProfilesTable;
    account_tokens: AccountTokensTable;
    account_transfers: AccountTransfersTable;
    user_avatars: UserAvatarsTable;
  }
}
