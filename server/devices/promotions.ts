import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/**
 * The owner's opt-in to promotions for a device. The devices table has no column for it, so it is
 * kept as a setting row of provider 'Device' (key: the device id) that exists only while the owner
 * opts in; the settings module reads only host and tenant rows, so these never mix with settings.
 * Releasing the device removes it (a new owner makes their own choice).
 */
const SETTING = 'Vigil.Devices.PromotionsOptIn';
const PROVIDER = 'Device';

export async function promotionsOptedIn(db: Kysely<Database>, deviceIds: readonly string[]): Promise<Set<string>> {
  if (deviceIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('settings')
    .select('provider_key')
    .where('name', '=', SETTING)
    .where('provider_name', '=', PROVIDER)
    .where('provider_key', 'in', [...deviceIds])
    .execute();
  return new Set(rows.map((r) => r.provider_key!));
}

export async function setPromotions(db: Kysely<Database>, deviceId: string, optIn: boolean): Promise<void> {
  if (!optIn) return clearPromotions(db, deviceId);
  await db
    .insertInto('settings')
    .values({ id: randomUUID(), name: SETTING, value: 'true', provider_name: PROVIDER, provider_key: deviceId })
    .onConflict((oc) => oc.columns(['provider_name', 'provider_key', 'name']).doNothing())
    .execute();
}

export async function clearPromotions(db: Kysely<Database>, deviceId: string): Promise<void> {
  await db.deleteFrom('settings').where('name', '=', SETTING).where('provider_name', '=', PROVIDER).where('provider_key', '=', deviceId).execute();
}
