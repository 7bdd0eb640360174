import type {} from '@fastify/swagger';
import { randomUUID } from 'node:crypto';
import { POLICIES } from '../../common/policies';
import { isDeviceIdentifier, normalizeDeviceIdentifier } from '../../common/devices';
import type { Db } from '../db/database';
import { invalid } from '../http/body-validation';
import { conflict } from '../http/errors';
import { CONFLICT, NOT_FOUND, type Api } from '../http/route-schemas';
import { translate } from '../localization/texts';
import { assignDevice, findStockDevice } from './assign-device';
import { maxDevicesPerAccount } from './device-cap';
import { deviceDto } from './device-dto';
import { promotionsOptedIn, setPromotions } from './promotions';
import { ownDevices, ownerOf, requireOwnDevice } from './scope';
import { withLiveState } from '../ingest/live-state';
import { ASSIGN_BODY, DEVICE, DEVICE_MODEL, DEVICE_MODEL_QUERY, OWN_DEVICES, UPDATE_BODY } from './route-schemas';

const DASHBOARD = POLICIES.dashboard;
const tags = ['plugandplay-devicemanage'];

const fieldLabel = (member: string, lang: string) => translate(`devices:fields.${member}`, lang);

/** An identifier as typed (spaces allowed), checked against the devices schema's pattern once they are taken out. */
function identifierOf(typed: string | undefined, lang: string): string {
  const identifier = normalizeDeviceIdentifier(typed ?? '');
  if (!isDeviceIdentifier(identifier)) throw invalid(lang, [{ message: translate('devices:errors.badIdentifier', lang), members: ['imei'] }]);
  return identifier;
}

/**
 * /api/plugandplay/devicemanage (SPEC section 7): what the add-device dialog asks (the model of an
 * IMEI or serial number), adding, renaming and the promotions choice, and the caller's devices.
 */
export async function deviceManageRoutes(app: Api, opts: { db: Db }) {
  const { db } = opts;
  const base = '/api/plugandplay/devicemanage';

  const modelSchema = { tags, summary: 'The model of a device by IMEI or serial number, known or not', querystring: DEVICE_MODEL_QUERY, response: { 200: DEVICE_MODEL } };
  app.get(`${base}/getDeviceModel`, { config: { policy: DASHBOARD, fieldLabel }, schema: modelSchema }, async (request) => {
    const identifier = identifierOf(request.query.imei ?? request.query.serialNumber, request.language);
    const owner = ownerOf(request);
    const device = await findStockDevice(db, owner.tenantId, identifier);
    return {
      imei: identifier,
      known: device !== undefined,
      model: device?.model ?? null,
      /** Whether the caller can add it now: in stock without an owner, or the caller's already. */
      available: device !== undefined && (device.owner_user_id === null || device.owner_user_id === owner.userId),
      assignedToYou: device?.owner_user_id === owner.userId,
      deviceIdRequired: Boolean(device?.device_id),
    };
  });

  const assignSchema = { tags, summary: "Add a device of the tenant's stock to the caller's account", body: ASSIGN_BODY, response: { 200: DEVICE } };
  app.post(`${base}/assignDeviceToUser`, { config: { policy: `${DASHBOARD}.Create`, fieldLabel }, schema: assignSchema }, async (request) => {
    const body = { ...request.body, imei: identifierOf(request.body.imei, request.language) };
    return assignDevice(db, ownerOf(request), body, request.language);
  });

  const updateSchema = { tags, summary: "Rename one of the caller's devices or change its promotions choice", body: UPDATE_BODY, response: { 200: DEVICE, ...CONFLICT, ...NOT_FOUND } };
  app.put(`${base}/updateDevice`, { config: { policy: `${DASHBOARD}.Update`, fieldLabel }, schema: updateSchema }, async (request) => {
    const lang = request.language;
    const body = request.body;
    const owner = ownerOf(request);
    const device = await requireOwnDevice(db, owner, body.id, lang);
    const updated = await db.transaction().execute(async (trx) => {
      const row = await ownDevices(trx, owner)
        .where('id', '=', device.id)
        .$if(body.concurrencyStamp !== undefined, (q) => q.where('concurrency_stamp', '=', body.concurrencyStamp!))
        .select('id')
        .executeTakeFirst();
      if (!row) throw conflict(translate('errors.concurrency', lang));
      const next = await trx
        .updateTable('devices')
        .set({ ...(body.name !== undefined ? { name: body.name.trim() } : {}), concurrency_stamp: randomUUID() })
        .where('id', '=', device.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (body.promotionsOptIn !== undefined) await setPromotions(trx, device.id, body.promotionsOptIn);
      return next;
    });
    return deviceDto(updated, (await promotionsOptedIn(db, [updated.id])).has(updated.id));
  });

  app.get(`${base}/getAssignDeviceToUser`, { config: { policy: DASHBOARD }, schema: { tags, summary: "The caller's devices and the account's device cap", response: { 200: OWN_DEVICES } } }, async (request) => {
    const owner = ownerOf(request);
    const [rows, maxDeviceCount] = await Promise.all([
      ownDevices(db, owner).selectAll().orderBy('name').orderBy('id').execute(),
      maxDevicesPerAccount(db, owner.tenantId),
    ]);
    const [promotions, live] = await Promise.all([promotionsOptedIn(db, rows.map((r) => r.id)), withLiveState(db, rows)]);
    return { totalCount: rows.length, maxDeviceCount, items: live.map((r) => deviceDto(r, promotions.has(r.id))) };
  });
}
