import type { Db } from '../../db/database';

/** One of a user's passkeys as the account page lists it. */
export interface PasskeyView {
  id: string;
  name: string;
  creationTime: string;
  lastUsedTime: string | null;
  /** A synced passkey (backed up to the user's account at their platform) or one bound to its device. */
  isSynced: boolean;
}

/** The longest name a passkey may be given. */
export const MAX_PASSKEY_NAME = 64;

const VIEW_COLUMNS = ['id', 'name', 'created_at', 'last_used_at', 'backed_up'] as const;

function view(row: { id: string; name: string; created_at: Date; last_used_at: Date | null; backed_up: boolean }): PasskeyView {
  return {
    id: row.id,
    name: row.name,
    creationTime: new Date(row.created_at).toISOString(),
    lastUsedTime: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    isSynced: row.backed_up,
  };
}

/** A user's passkeys, newest first. */
export async function listPasskeys(db: Db, userId: string): Promise<PasskeyView[]> {
  const rows = await db.selectFrom('user_passkeys').select(VIEW_COLUMNS).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();
  return rows.map(view);
}

/** The credential ids a user has (so the browser does not make a second passkey on the same authenticator). */
export async function credentialIdsOf(db: Db, userId: string): Promise<{ id: string; transports: string[] }[]> {
  const rows = await db.selectFrom('user_passkeys').select(['credential_id', 'transports']).where('user_id', '=', userId).execute();
  return rows.map((row) => ({ id: row.credential_id, transports: row.transports }));
}

export async function countPasskeys(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('user_passkeys').select((eb) => eb.fn.countAll<string>().as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findByCredentialId(db: Db, credentialId: string) {
  return db.selectFrom('user_passkeys').select(['id', 'user_id', 'credential_id', 'public_key', 'counter', 'transports']).where('credential_id', '=', credentialId).executeTakeFirst();
}

export interface NewPasskey {
  id: string;
  userId: string;
  tenantId: string | null;
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  name: string;
}

/** Adds a passkey; undefined when the credential is someone's already. */
export async function addPasskey(db: Db, passkey: NewPasskey): Promise<PasskeyView | undefined> {
  const row = await db
    .insertInto('user_passkeys')
    .values({
      id: passkey.id,
      user_id: passkey.userId,
      tenant_id: passkey.tenantId,
      credential_id: passkey.credentialId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: JSON.stringify(passkey.transports),
      device_type: passkey.deviceType,
      backed_up: passkey.backedUp,
      name: passkey.name,
    })
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .returning(VIEW_COLUMNS)
    .executeTakeFirst();
  return row ? view(row) : undefined;
}

/** Renames one of the user's own passkeys; undefined when the user has none with that id. */
export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<PasskeyView | undefined> {
  const row = await db.updateTable('user_passkeys').set({ name }).where('id', '=', id).where('user_id', '=', userId).returning(VIEW_COLUMNS).executeTakeFirst();
  return row ? view(row) : undefined;
}

/** Removes one of the user's own passkeys; undefined when the user has none with that id. */
export async function removePasskey(db: Db, userId: string, id: string): Promise<PasskeyView | undefined> {
  const row = await db.deleteFrom('user_passkeys').where('id', '=', id).where('user_id', '=', userId).returning(VIEW_COLUMNS).executeTakeFirst();
  return row ? view(row) : undefined;
}

/** A sign-in with the passkey: its new signature counter and when. */
export async function touchPasskey(db: Db, id: string, counter: number): Promise<void> {
  await db.updateTable('user_passkeys').set({ counter, last_used_at: new Date() }).where('id', '=', id).execute();
}
