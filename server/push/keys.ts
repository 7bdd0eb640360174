import webpush from 'web-push';
import type { Db } from '../db/database';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const KEY_ID = 'default';
/** Per database: the pair never changes once made, so each process reads it once. */
const cache = new WeakMap<Db, Promise<VapidKeys>>();

/**
 * The installation's VAPID key pair (RFC 8292): made with web-push by the first node that needs
 * it, stored, and read back, so that every API node on the database signs with the same key (two
 * nodes starting together both insert; one wins, both read the winner). No third-party account.
 */
export function vapidKeys(db: Db): Promise<VapidKeys> {
  let keys = cache.get(db);
  if (!keys) {
    keys = loadOrCreate(db);
    cache.set(db, keys);
    // A failed read (the database away at start) is tried again next time.
    keys.catch(() => cache.delete(db));
  }
  return keys;
}

async function loadOrCreate(db: Db): Promise<VapidKeys> {
  const made = webpush.generateVAPIDKeys();
  await db
    .insertInto('push_vapid_keys')
    .values({ id: KEY_ID, public_key: made.publicKey, private_key: made.privateKey })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await db.selectFrom('push_vapid_keys').select(['public_key', 'private_key']).where('id', '=', KEY_ID).executeTakeFirstOrThrow();
  return { publicKey: row.public_key, privateKey: row.private_key };
}
