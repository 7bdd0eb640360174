import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { endDeviceSubscription } from '../billing/account-status';
import { clearPromotions } from './promotions';
import { requireOwnDevice, type Owner } from './scope';

/**
 * A caregiver deleting a device takes it off their account and gives it back to the tenant's
 * stock (docs/decisions/011-caregiver-devices-and-alarm-receivers.md): the watch is hardware that can be handed to someone else, so the row
 * stays (IMEI, device ID, model, last readings) but loses what was the owner's: their name for
 * it, its alarm receivers, its links to the owner's safe zones and the promotions choice; its
 * subscription ends (docs/decisions/047-subscription-lifecycle.md).
 */
export async function releaseDevice(db: Db, owner: Owner, id: string, lang: string): Promise<void> {
  const device = await requireOwnDevice(db, owner, id, lang);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('devices')
      .set({ owner_user_id: null, name: device.imei, subscription_status: 'paused', concurrency_stamp: randomUUID() })
      .where('id', '=', device.id)
      .where('owner_user_id', '=', owner.userId)
      .execute();
    await trx.deleteFrom('device_alarm_receivers').where('device_id', '=', device.id).execute();
    await trx.deleteFrom('geofence_links').where('device_id', '=', device.id).execute();
    await clearPromotions(trx, device.id);
    await endDeviceSubscription(trx, device.id);
  });
}
