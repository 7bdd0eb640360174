import type { ColumnType } from 'kysely';
import type { NullableTimestamp } from '../db/columns';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** Tables of 025_push (Web Push keys and subscriptions), merged into the Database type. */
export interface PushVapidKeysTable {
  /** 'default': one key pair for the whole installation. */
  id: string;
  /** Uncompressed P-256 public key, base64url (what browsers take as applicationServerKey). */
  public_key: string;
  /** The private scalar, base64url. */
  private_key: string;
  created_at: CreatedAt;
}

export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  tenant_id: string | null;
  /** The push service URL the browser gave; unique: one endpoint has one owner. */
  endpoint: string;
  /** The browser's ECDH public key (65 bytes, base64url). */
  p256dh: string;
  /** The browser's auth secret (16 bytes, base64url). */
  auth: string;
  device_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** When it was (re)registered: the oldest are dropped past the per-user limit. */
  created_at: CreatedAt;
  last_success_at: NullableTimestamp;
}

/** Tables of this module, in the Database type. */
declare module '../db/tables' {
  interface Database {
    push_vapid_keys: PushVapidKeysTable;
    push_subscriptions: PushSubscriptionsTable;
  }
}
