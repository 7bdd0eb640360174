import type {} from '@fastify/swagger';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { POLICIES } from '../../common/policies';
import { DEVICE_IDENTIFIER_PATTERN, normalizeDeviceIdentifier } from '../../common/devices';
import type { Db } from '../db/database';
import { bodyValidator, invalid } from '../http/body-validation';
import { conflict } from '../http/errors';
import { queryParam } from '../http/paging';
import { translate } from '../localization/texts';
import { assignDevice, findStockDevice, type AssignBody } from './assign-device';
import { maxDevicesPerAccount } from './device-cap';
import { deviceDto } from './device-dto';
import { promotionsOptedIn, setPromotions } from './promotions';
import { ownDevices, ownerOf, requireOwnDevice } from './scope';
import { withLiveState } from '../ingest/live-state';
import { HAND_CHECKED, NOT_FOUND } from '../http/resource-route-schemas';
import { ASSIGN_BODY, CONFLICT, DEVICE, DEVICE_MODEL, DEVICE_MODEL_QUERY, OWN_DEVICES, UPDATE_BODY } from './route-schemas';

const DASHBOARD = POLICIES.dashboard;
const tags = ['plugandplay-devicemanage'];

const identifierMessages = { imei: { pattern: 'devices:errors.badIdentifier', minLength: 'devices:errors.badIdentifier', maxLength: 'devices:errors.badIdentifier' } };

const readAssign = bodyValidator<AssignBody>(ASSIGN_BODY, { messages: identifierMessages, label: (member, lang) => translate(`devices:fields.${member}`, lang) });

interface UpdateBody {
  id: string;
  name?: string;
  promotionsOptIn?: boolean;
  concurrencyStamp?: string;
}
const readUpdate = bodyValidator<UpdateBody>(UPDATE_BODY, { label: (member, lang) => translate(`devices:fields.${member}`, lang) });

/** An identifier as typed (spaces allowed) checked against the schema's pattern after normalizing. */
function identifierOf(body: unknown): unknown {
  if (body && typeof body === 'object' && typeof (body as { imei?: unknown }).imei === 'string') {
    return { ...body, imei: normalizeDeviceIdentifier((body as { imei: string }).imei) };
  }
  return body;
}

/**
 * /api/plugandplay/devicemanage (SPEC section 7): what the add-device dialog asks (the model of an
 * IMEI or serial number), adding, renaming and the promotions choice, and the caller's devices.
 */
export async function deviceManageRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const base = '/api/plugandplay/devicemanage';

  // Bodies and queries are checked by the handlers, with translated messages (HAND_CHECKED).
  const modelSchema = { tags, summary: 'The model of a device by IMEI or serial number, known or not', querystring: DEVICE_MODEL_QUERY, response: { 200: DEVICE_MODEL } };
  app.get(`${base}/getDeviceModel`, { config: { policy: DASHBOARD }, ...HAND_CHECKED, schema: modelSchema }, async (request) => {
    const lang = request.language;
    const raw = queryParam(request.query as Record<string, unknown>, 'imei') ?? queryParam(request.query as Record<string, unknown>, 'serialNumber');
    const identifier = typeof raw === 'string' ? normalizeDeviceIdentifier(raw) : '';
    if (!new RegExp(DEVICE_IDENTIFIER_PATTERN).test(identifier)) {
      const message = translate('devices:errors.badIdentifier', lang);
      throw invalid(lang, [{ message, members: ['imei'] }]);
    }
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
  app.post(`${base}/assignDeviceToUser`, { config: { policy: `${DASHBOARD}.Create` }, ...HAND_CHECKED, schema: assignSchema }, async (request) => {
    const body = readAssign(identifierOf(request.body), request.language);
    return assignDevice(db, ownerOf(request), body, request.language);
  });

  const updateSchema = { tags, summary: "Rename one of the caller's devices or change its promotions choice", body: UPDATE_BODY, response: { 200: DEVICE, ...CONFLICT, ...NOT_FOUND } };
  app.put(`${base}/updateDevice`, { config: { policy: `${DASHBOARD}.Update` }, ...HAND_CHECKED, schema: updateSchema }, async (request) => {
    const lang = request.language;
    const body = readUpdate(request.body, lang);
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
