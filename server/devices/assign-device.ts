import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { forbidden } from '../http/errors';
import { invalid } from '../http/body-validation';
import { translate } from '../localization/texts';
import { normalizeDeviceIdentifier } from '../../common/devices';
import { assertBelowCap, lockOwner, maxDevicesPerAccount } from './device-cap';
import { deviceDto, type DeviceDto, type DeviceRow } from './device-dto';
import { promotionsOptedIn, setPromotions } from './promotions';
import { tenantDevices, type Owner } from './scope';

export interface AssignBody {
  imei: string;
  deviceId?: string | null;
  name: string;
  promotionsOptIn?: boolean;
}

/**
 * The device of the tenant's stock with this IMEI or serial number (serial numbers ignore case),
 * whoever owns it; undefined when the tenant has no such device. A device of another tenant is
 * not found either: tenants never learn about each other's stock.
 */
export async function findStockDevice(db: Db, tenantId: string | null, identifier: string): Promise<DeviceRow | undefined> {
  const wanted = normalizeDeviceIdentifier(identifier);
  return tenantDevices(db, tenantId)
    .selectAll()
    .where((eb) => eb(eb.fn('upper', ['imei']), '=', wanted.toUpperCase()))
    .executeTakeFirst();
}

const sameDeviceId = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * Adding a device to the caller's account (docs/decisions/011-caregiver-devices-and-alarm-receivers.md):
 * - the IMEI or serial number must name a device of the tenant's stock; an unknown one is refused
 *   on the field, with what to check;
 * - a stock device that has a device ID (printed on the watch and its box) is only handed to
 *   someone who types or scans the same ID, so a guessed IMEI is not enough;
 * - a device owned by another account is refused (403); one the caller owns already is answered
 *   as it is (a repeated or double-clicked add changes nothing);
 * - the account's device cap (tenant feature) is checked with the owner's row locked, and the
 *   device is taken only while it still has no owner, so two racing adds cannot both win.
 */
export async function assignDevice(db: Db, owner: Owner, body: AssignBody, lang: string): Promise<DeviceDto> {
  const stock = await findStockDevice(db, owner.tenantId, body.imei);
  if (!stock) {
    const message = translate('devices:errors.unknownDevice', lang);
    throw invalid(lang, [{ message, members: ['imei'] }]);
  }
  if (stock.owner_user_id === owner.userId) return deviceDto(stock, (await promotionsOptedIn(db, [stock.id])).has(stock.id));
  if (stock.owner_user_id) throw forbidden(translate('devices:errors.ownedByAnother', lang), 'Vigil.Devices:OwnedByAnotherAccount');
  const givenId = body.deviceId?.trim() || null;
  if (stock.device_id && (!givenId || !sameDeviceId(stock.device_id, givenId))) {
    const message = translate(givenId ? 'devices:errors.deviceIdMismatch' : 'devices:errors.deviceIdRequired', lang);
    throw invalid(lang, [{ message, members: ['deviceId'] }]);
  }

  const max = await maxDevicesPerAccount(db, owner.tenantId);
  const assigned = await db.transaction().execute(async (trx) => {
    await lockOwner(trx, owner);
    // Read again under the lock: an add of the same device that ran meanwhile (a double click)
    // has made it ours, and must not count against the cap a second time.
    const current = await trx.selectFrom('devices').select('owner_user_id').where('id', '=', stock.id).forUpdate().executeTakeFirst();
    if (current?.owner_user_id === owner.userId) return trx.selectFrom('devices').selectAll().where('id', '=', stock.id).executeTakeFirstOrThrow();
    if (current?.owner_user_id) return undefined;
    await assertBelowCap(trx, owner, max, lang);
    const row = await trx
      .updateTable('devices')
      .set({
        owner_user_id: owner.userId,
        name: body.name.trim(),
        device_id: stock.device_id ?? givenId,
        // Adding starts no subscription: the watch alarms in the app only until one is started
        // (docs/decisions/047-subscription-lifecycle.md).
        subscription_status: 'paused',
        concurrency_stamp: randomUUID(),
      })
      .where('id', '=', stock.id)
      .where('owner_user_id', 'is', null)
      .where('is_deleted', '=', false)
      .returningAll()
      .executeTakeFirst();
    if (row) await setPromotions(trx, row.id, body.promotionsOptIn === true);
    return row;
  });
  if (!assigned) throw forbidden(translate('devices:errors.ownedByAnother', lang), 'Vigil.Devices:OwnedByAnotherAccount');
  return deviceDto(assigned, (await promotionsOptedIn(db, [assigned.id])).has(assigned.id));
}
