import type { FastifyRequest } from 'fastify';
import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import { invalid } from '../http/body-validation';
import { notFound } from '../http/errors';
import { ID_PARAMS, NOT_FOUND, type Api } from '../http/route-schemas';
import { tenantIs } from '../multitenancy/scope';
import { anyOf } from '../permissions/guard';
import { translate } from '../localization/texts';
import type { DynamicDb } from '../schema-engine/resource-model';
import { logCommand, recentCommands } from './command-log';
import { commandDevice, type CommandDevice } from './device-access';
import { isDeviceModel, MODEL_COMMANDS } from './settings-schemas';
import type { SmsGateway } from './sms-gateway';
import { fillTemplate } from './templates';
import { COMMAND, COMMAND_LOG, DEVICE_QUERY, REQUEST_BODY, SEND_BODY, TEMPLATE, TERMINAL_INFO } from './route-schemas';

const DEVICES = POLICIES.devices;

const tags = ['terminalCommand'];

interface TemplateRow {
  id: string;
  name: string;
  command: string;
  variables: string[];
  isTextMessage: boolean;
  description: string | null;
  deviceModel: string;
}

/** Command templates a device of this model can be sent: the shared ones and the tenant's own. */
function templates(db: Db, tenantId: string | null) {
  return (db as unknown as DynamicDb)
    .selectFrom('command_templates')
    .select(['id', 'name', 'command', 'variables', 'is_text_message as isTextMessage', 'description', 'device_model as deviceModel'])
    .where('is_deleted', '=', false)
    .where((eb) => eb.or([eb('tenant_id', 'is', null), tenantIs('tenant_id', tenantId)]));
}

/** The device of a command: the body's, else the query's `deviceId` or `id`. */
const deviceIdOf = (query: { deviceId?: string; id?: string }, body?: { deviceId?: string }) => body?.deviceId ?? query.deviceId ?? query.id;

/** /api/app/terminalCommand (terminalInfo, sendCommand, log) and productInstance requestPosition/requestHistory. */
export async function commandRoutes(app: Api, db: Db, sms: SmsGateway) {
  const infoSchema = { tags, summary: "A device's model, phone number, native commands and command templates", querystring: DEVICE_QUERY, response: { 200: TERMINAL_INFO, ...NOT_FOUND } };
  app.get('/api/app/terminalCommand/terminalInfo', { config: { policy: DEVICES }, schema: infoSchema }, async (request) => {
    const device = await commandDevice(db, request, deviceIdOf(request.query));
    const rows = isDeviceModel(device.model)
      ? ((await templates(db, request.tenantId).where('device_model', '=', device.model).orderBy('name').limit(100).execute()) as unknown as TemplateRow[])
      : [];
    return {
      deviceId: device.id,
      model: device.model,
      phoneNumber: device.phoneNumber,
      commands: isDeviceModel(device.model) ? MODEL_COMMANDS[device.model] : [],
      templates: rows.map((t) => ({ ...t, variables: Array.isArray(t.variables) ? t.variables : [] })),
    };
  });

  const sendSchema = { tags, summary: 'Send a command template, filled, to a device (by SMS or queued for it)', body: SEND_BODY, response: { 200: COMMAND, ...NOT_FOUND } };
  app.post('/api/app/terminalCommand/sendCommand', { config: { policy: `${DEVICES}.Update` }, schema: sendSchema }, async (request) => {
    const lang = request.language;
    const body = request.body;
    const device = await commandDevice(db, request, body.deviceId);
    const template = (await templates(db, request.tenantId).where('id', '=', body.commandTemplateId).executeTakeFirst()) as unknown as TemplateRow | undefined;
    if (!template) throw invalid(lang, [{ members: ['commandTemplateId'], message: translate('geofences:commands.unknownTemplate', lang) }]);
    if (template.deviceModel !== device.model) {
      throw invalid(lang, [{ members: ['commandTemplateId'], message: translate('geofences:commands.templateModel', lang, { model: template.deviceModel }) }]);
    }
    const filled = fillTemplate(template.command, Array.isArray(template.variables) ? template.variables : [], body.variables ?? {});
    if ('problems' in filled) {
      throw invalid(lang, filled.problems.map((p) => ({ members: [`variables.${p.name}`], message: translate(`geofences:commands.${p.kind}Variable`, lang, { name: p.name }) })));
    }
    return send(request, device, { type: 'template', templateId: template.id, text: filled.text, sms: template.isTextMessage });
  });

  async function send(request: FastifyRequest, device: CommandDevice, command: { type: string; templateId?: string; text: string; sms: boolean; attributes?: Record<string, unknown> }) {
    const base = { tenantId: device.tenantId, deviceId: device.id, userId: request.principal!.userId, type: command.type, templateId: command.templateId ?? null, text: command.text, attributes: command.attributes ?? {} };
    if (!command.sms) return logCommand(db, { ...base, channel: 'device', status: 'queued' });
    if (!device.phoneNumber) throw invalid(request.language, [{ members: ['deviceId'], message: translate('geofences:commands.noPhoneNumber', request.language) }]);
    try {
      await sms.send(device.phoneNumber, command.text);
      return await logCommand(db, { ...base, channel: 'sms', phoneNumber: device.phoneNumber, status: 'sent' });
    } catch (err) {
      request.log.warn({ err, device: device.id }, 'SMS gateway failed');
      return logCommand(db, { ...base, channel: 'sms', phoneNumber: device.phoneNumber, status: 'failed', error: err instanceof Error ? err.message : String(err) });
    }
  }

  const logSchema = { tags, summary: "A device's latest commands", querystring: DEVICE_QUERY, response: { 200: COMMAND_LOG, ...NOT_FOUND } };
  app.get('/api/app/terminalCommand/log', { config: { policy: DEVICES }, schema: logSchema }, async (request) => {
    const device = await commandDevice(db, request, deviceIdOf(request.query));
    return { items: await recentCommands(db, device.id) };
  });

  // Caregivers hold the dashboard policy and may ask their own watches for a position.
  const requestPolicy = anyOf(`${DEVICES}.Update`, POLICIES.dashboard);

  const positionSchema = { tags, summary: 'Ask a device for its position now', querystring: DEVICE_QUERY, body: REQUEST_BODY, response: { 200: COMMAND, ...NOT_FOUND } };
  app.post('/api/app/productInstance/requestPosition', { config: { policy: requestPolicy }, schema: positionSchema }, async (request) => {
    const device = await commandDevice(db, request, deviceIdOf(request.query, request.body));
    return send(request, device, { type: 'positionSingle', text: 'positionSingle', sms: false });
  });

  const historySchema = { tags, summary: 'Ask a device for its positions in a period (default: the last 24 hours)', querystring: DEVICE_QUERY, body: REQUEST_BODY, response: { 200: COMMAND, ...NOT_FOUND } };
  app.post('/api/app/productInstance/requestHistory', { config: { policy: requestPolicy }, schema: historySchema }, async (request) => {
    const lang = request.language;
    const body = request.body;
    const device = await commandDevice(db, request, deviceIdOf(request.query, body));
    const to = body.to ? new Date(body.to) : new Date();
    const from = body.from ? new Date(body.from) : new Date(to.getTime() - 24 * 3600_000);
    if (!(from < to)) throw invalid(lang, [{ members: ['to'], message: translate('validation:after', lang, { field: 'to', other: 'from' }) }]);
    return send(request, device, { type: 'history', text: 'history', sms: false, attributes: { from: from.toISOString(), to: to.toISOString() } });
  });

  app.get('/api/app/terminalCommand/templates/:id', { config: { policy: DEVICES }, schema: { tags, summary: 'A command template the caller may send', params: ID_PARAMS, response: { 200: TEMPLATE } } }, async (request) => {
    const row = (await templates(db, request.tenantId).where('id', '=', request.params.id).executeTakeFirst()) as unknown as TemplateRow | undefined;
    if (!row) throw notFound(translate('errors.entityNotFound', request.language));
    return row;
  });
}
