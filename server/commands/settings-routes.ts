import type { FastifyRequest } from 'fastify';
import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import { invalid } from '../http/body-validation';
import { ID_PARAMS, NOT_FOUND, type Api } from '../http/route-schemas';
import { anyOf } from '../permissions/guard';
import { translate } from '../localization/texts';
import { commandText } from './catalogue';
import { logCommand } from './command-log';
import { commandDevice } from './device-access';
import { setWanted, settingsSync } from './device-settings';
import { MODEL_PROTOCOLS, type DeviceModel } from './models';
import { settingsCommands, withPartners, type SettingRefusal } from './settings-commands';
import { SETTINGS_SCHEMAS } from './settings-schemas';
import { SETTINGS_SYNC, settingsBody } from './route-schemas';

const tags = ['productInstance-settings'];

const ENDPOINTS: [DeviceModel, string][] = [
  ['rtos', 'setRtosSettings'],
  ['l10', 'setL10Settings'],
  ['evi', 'setEviSettings'],
  ['watch4', 'setWatch4Settings'],
];

const refusal = (lang: string, model: DeviceModel, r: SettingRefusal) => ({
  members: [`settings.${r.setting}`],
  message:
    r.reason === 'pair'
      ? translate('geofences:commands.settingNeedsPartner', lang, { setting: r.setting, other: r.other })
      : translate('geofences:commands.settingNotCarried', lang, { setting: r.setting, model }),
});

/**
 * Device settings per model (productInstance set<Model>Settings, setTizenSettings/{id}) kept as
 * wanted and queued for the device as its protocol's commands, and getSettingsSync/{id}: wanted
 * versus reported (what the watch acknowledged).
 */
export async function settingsRoutes(app: Api, db: Db) {
  /**
   * The body its route's schema checked: the settings the model has (settings-schemas.ts). Each
   * is queued as the commands that set it (a setting the protocol cannot carry refuses the whole
   * change), in the transaction that makes it wanted; with no connection they wait for the watch.
   */
  async function apply(request: FastifyRequest, body: { deviceId?: string; settings: Record<string, unknown> }, model: DeviceModel, id: string | undefined) {
    const lang = request.language;
    const device = await commandDevice(db, request, id ?? body.deviceId);
    if (device.model !== model) throw invalid(lang, [{ members: ['deviceId'], message: translate('geofences:commands.wrongModel', lang, { model }) }]);
    await db.transaction().execute(async (trx) => {
      const wanted = await setWanted(trx, { id: device.id, tenantId: device.tenantId, model }, body.settings);
      const { commands, refused } = settingsCommands(MODEL_PROTOCOLS[model], withPartners(body.settings, wanted));
      if (refused.length) throw invalid(lang, refused.map((r) => refusal(lang, model, r)));
      for (const { command, settings } of commands) {
        await logCommand(trx, {
          tenantId: device.tenantId,
          deviceId: device.id,
          userId: request.principal!.userId,
          type: command.type,
          text: commandText(command),
          attributes: { ...command.attributes, settings },
          channel: 'device',
          status: 'queued',
        });
      }
    });
    return settingsSync(db, device.id, device.model);
  }

  const update = (model: DeviceModel) => ({
    config: { policy: `${POLICIES.devices}.Update` },
    schema: { tags, summary: `Set settings of a ${model} device (only those given); answers wanted versus reported`, body: settingsBody(SETTINGS_SCHEMAS[model]), response: { 200: SETTINGS_SYNC, ...NOT_FOUND } },
  });
  for (const [model, name] of ENDPOINTS) {
    app.post(`/api/app/productInstance/${name}`, update(model), (request) => apply(request, request.body, model, undefined));
  }
  const tizen = update('tizen');
  app.post('/api/app/productInstance/setTizenSettings/:id', { ...tizen, schema: { ...tizen.schema, params: ID_PARAMS } }, (request) => apply(request, request.body, 'tizen', request.params.id));

  const syncSchema = { tags, summary: "A device's wanted versus reported settings", params: ID_PARAMS, response: { 200: SETTINGS_SYNC } };
  app.get('/api/app/productInstance/getSettingsSync/:id', { config: { policy: anyOf(POLICIES.devices, POLICIES.troubleshoot) }, schema: syncSchema }, async (request) => {
    const device = await commandDevice(db, request, request.params.id);
    return settingsSync(db, device.id, device.model);
  });
}
