import type { Kysely } from 'kysely';
import { FEATURES } from '../../common/features';
import type { Database } from '../db/tables';
import type { Db } from '../db/database';
import { AbpError } from '../http/errors';
import { translate } from '../localization/texts';
import { featureValues } from '../tenancy/features';
import { ownDevices, type Owner } from './scope';

/** The tenant's device cap per account (feature Vigil.MaxDevicesPerAccount). */
export async function maxDevicesPerAccount(db: Db, tenantId: string | null): Promise<number> {
  const value = Number((await featureValues(db, tenantId))[FEATURES.maxDevicesPerAccount.name]);
  return Number.isInteger(value) && value >= 0 ? value : Number(FEATURES.maxDevicesPerAccount.defaultValue);
}

export function deviceCapReached(lang: string) {
  return new AbpError(403, translate('devices:errors.maxDevices', lang), { code: 'Vigil.Devices:MaxDevicesReached' });
}

/**
 * Locks the owner's user row for the adding transaction, so two adds by the same account run one
 * after the other and the second one counts the first (a cap of 5 never becomes 6).
 */
export async function lockOwner(trx: Kysely<Database>, owner: Owner): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', owner.userId).forUpdate().executeTakeFirst();
}

/** Refuses when the owner already has `max` devices (call with the owner locked). */
export async function assertBelowCap(trx: Kysely<Database>, owner: Owner, max: number, lang: string): Promise<void> {
  const { count } = await ownDevices(trx, owner)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) >= max) throw deviceCapReached(lang);
}
