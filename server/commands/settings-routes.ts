import type { FastifyInstance, FastifyRequest } from 'fastify';
import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import { bodyValidator, invalid } from '../http/body-validation';
import { anyOf } from '../permissions/guard';
import { translate } from '../localization/texts';
import { logCommand } from './command-log';
import { commandDevice } from './device-access';
import { setWanted, settingsSync } from './device-settings';
import { SETTINGS_SCHEMAS, type DeviceModel } from './settings-schemas';
import { HAND_CHECKED, NOT_FOUND } from '../http/resource-route-schemas';
import { DEVICE_ID_PARAM, SETTINGS_SYNC, settingsBody } from './route-schemas';

const tags = ['productInstance-settings'];

const ENDPOINTS: [DeviceModel, string][] = [
  ['rtos', 'setRtosSettings'],
  ['l10', 'setL10Settings'],
  ['evi', 'setEviSettings'],
  ['watch4', 'setWatch4Settings'],
];

/**
 * Device settings per model (productInstance set<Model>Settings, setTizenSettings/{id}) kept as
 * wanted, queued for the device, and getSettingsSync/{id}: wanted versus reported.
 */
export async function settingsRoutes(app: FastifyInstance, db: Db) {
  const readers = Object.fromEntries(
    Object.entries(SETTINGS_SCHEMAS).map(([model, schema]) => [
      model,
      bodyValidator<{ deviceId?: string; settings: Record<string, unknown> }>(settingsBody(schema)),
    ]),
  ) as Record<DeviceModel, ReturnType<typeof bodyValidator<{ deviceId?: string; settings: Record<string, unknown> }>>>;

  async function apply(request: FastifyRequest, model: DeviceModel, id: unknown) {
    const lang = request.language;
    const body = readers[model](request.body, lang);
    const device = await commandDevice(db, request, id ?? body.deviceId);
    if (device.model !== model) throw invalid(lang, [{ members: ['deviceId'], message: translate('geofences:commands.wrongModel', lang, { model }) }]);
    await db.transaction().execute(async (trx) => {
      await setWanted(trx, { id: device.id, tenantId: device.tenantId, model }, body.settings);
      await logCommand(trx, { tenantId: device.tenantId, deviceId: device.id, userId: request.principal!.userId, type: 'settings', text: 'settings', attributes: body.settings, channel: 'device', status: 'queued' });
    });
    return settingsSync(db, device.id, device.model);
  }

  // The readers answer a bad body with translated messages (HAND_CHECKED).
  const update = (model: DeviceModel, withId: boolean) => ({
    config: { policy: `${POLICIES.devices}.Update` },
    ...HAND_CHECKED,
    schema: {
      tags,
      summary: `Set settings of a ${model} device (only those given); answers wanted versus reported`,
      ...(withId ? { params: DEVICE_ID_PARAM } : {}),
      body: settingsBody(SETTINGS_SCHEMAS[model]),
      response: { 200: SETTINGS_SYNC, ...NOT_FOUND },
    },
  });
  for (const [model, name] of ENDPOINTS) {
    app.post(`/api/app/productInstance/${name}`, update(model, false), (request) => apply(request, model, undefined));
  }
  app.post('/api/app/productInstance/setTizenSettings/:id', update('tizen', true), (request) => apply(request, 'tizen', (request.params as { id: string }).id));

  const syncSchema = { tags, summary: "A device's wanted versus reported settings", params: DEVICE_ID_PARAM, response: { 200: SETTINGS_SYNC } };
  app.get('/api/app/productInstance/getSettingsSync/:id', { config: { policy: anyOf(POLICIES.devices, POLICIES.troubleshoot) }, schema: syncSchema }, async (request) => {
    const device = await commandDevice(db, request, (request.params as { id: string }).id);
    return settingsSync(db, device.id, device.model);
  });
}
