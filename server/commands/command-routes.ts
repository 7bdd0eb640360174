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
import type { DeviceCommand } from '../protocols/types';
import { catalogueOf, COMMAND_ATTRIBUTES, commandText, encodes } from './catalogue';
import { commandOf, logCommand, recentCommands } from './command-log';
import { markCommandFailed, markCommandSent } from './command-states';
import { commandDevice, isStaff, type CommandDevice } from './device-access';
import { isDeviceModel, protocolOfModel, type DeviceProtocol } from './models';
import type { SmsGateway } from './sms-gateway';
import { fillTemplate } from './templates';
import { COMMAND, COMMAND_LOG, DEVICE_QUERY, REQUEST_BODY, SEND_BODY, SEND_NATIVE_BODY, TEMPLATE, TERMINAL_INFO } from './route-schemas';

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

/** The protocol a device's commands go in; a device without a model takes none. */
function protocolOf(lang: string, device: CommandDevice): DeviceProtocol {
  const protocol = protocolOfModel(device.model);
  if (!protocol) throw invalid(lang, [{ members: ['deviceId'], message: translate('geofences:commands.noModel', lang) }]);
  return protocol;
}

/**
 * Refuses a command the device's protocol does not take: a type outside its catalogue (on
 * `members`), a value the type has no use for, or values its encoder makes no command of.
 */
function checkCommand(lang: string, device: CommandDevice, protocol: DeviceProtocol, command: DeviceCommand, members: string[]): void {
  if (!catalogueOf(protocol).includes(command.type)) {
    throw invalid(lang, [{ members, message: translate('geofences:commands.notInCatalogue', lang, { type: command.type, model: String(device.model) }) }]);
  }
  const takes = COMMAND_ATTRIBUTES[command.type];
  const unknown = Object.keys(command.attributes).filter((name) => !takes.includes(name));
  if (unknown.length) {
    throw invalid(lang, unknown.map((name) => ({ members: [`attributes.${name}`], message: translate('geofences:commands.unknownAttribute', lang, { name, type: command.type }) })));
  }
  if (!encodes(protocol, device.deviceKey, command)) {
    // Named by the values the type takes (a type that takes none fails only on what the watch calls itself).
    const named = takes.length ? takes.map((name) => `attributes.${name}`) : ['attributes'];
    throw invalid(lang, [{ members: named, message: translate('geofences:commands.badAttributes', lang, { type: command.type, attributes: takes.length ? takes.join(', ') : 'attributes' }) }]);
  }
}

/** /api/app/terminalCommand (terminalInfo, sendCommand, sendNative, log) and productInstance requestPosition (and reading one back)/requestHistory. */
export async function commandRoutes(app: Api, db: Db, sms: SmsGateway) {
  const infoSchema = { tags, summary: "A device's model, its protocol, phone number, native commands and command templates", querystring: DEVICE_QUERY, response: { 200: TERMINAL_INFO, ...NOT_FOUND } };
  app.get('/api/app/terminalCommand/terminalInfo', { config: { policy: DEVICES }, schema: infoSchema }, async (request) => {
    const device = await commandDevice(db, request, deviceIdOf(request.query));
    const rows = isDeviceModel(device.model)
      ? ((await templates(db, request.tenantId).where('device_model', '=', device.model).orderBy('name').limit(100).execute()) as unknown as TemplateRow[])
      : [];
    const protocol = protocolOfModel(device.model);
    const commands = protocol ? catalogueOf(protocol) : [];
    return {
      deviceId: device.id,
      model: device.model,
      protocol,
      phoneNumber: device.phoneNumber,
      commands: [...commands],
      commandAttributes: Object.fromEntries(commands.map((type) => [type, [...COMMAND_ATTRIBUTES[type]]])),
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
    // Over the device's own channel, the text goes as its protocol's custom command: it must make one.
    if (!template.isTextMessage && !encodes(protocolOf(lang, device), device.deviceKey, { type: 'custom', attributes: { data: filled.text } })) {
      throw invalid(lang, [{ members: ['commandTemplateId'], message: translate('geofences:commands.templateNotSendable', lang, { model: String(device.model) }) }]);
    }
    return send(request, device, { type: 'template', templateId: template.id, text: filled.text, sms: template.isTextMessage });
  });

  const nativeSchema = { tags, summary: "Send a command of the device's protocol by type (terminalInfo's `commands`), queued for the device", body: SEND_NATIVE_BODY, response: { 200: COMMAND, ...NOT_FOUND } };
  app.post('/api/app/terminalCommand/sendNative', { config: { policy: `${DEVICES}.Update` }, schema: nativeSchema }, async (request) => {
    const lang = request.language;
    const device = await commandDevice(db, request, request.body.deviceId);
    const command: DeviceCommand = { type: request.body.type, attributes: request.body.attributes ?? {} };
    checkCommand(lang, device, protocolOf(lang, device), command, ['type']);
    return send(request, device, { type: command.type, text: commandText(command), attributes: command.attributes, sms: false });
  });

  /**
   * Queues a command for the device, or sends it as a text message to its SIM card's number: the
   * command is logged first, then 'sent' once the gateway accepted it (or 'failed', with why).
   */
  async function send(request: FastifyRequest, device: CommandDevice, command: { type: string; templateId?: string; text: string; sms: boolean; attributes?: Record<string, unknown> }) {
    const base = { tenantId: device.tenantId, deviceId: device.id, userId: request.principal!.userId, type: command.type, templateId: command.templateId ?? null, text: command.text, attributes: command.attributes ?? {} };
    if (!command.sms) return logCommand(db, { ...base, channel: 'device', status: 'queued' });
    if (!device.phoneNumber) throw invalid(request.language, [{ members: ['deviceId'], message: translate('geofences:commands.noPhoneNumber', request.language) }]);
    const logged = await logCommand(db, { ...base, channel: 'sms', phoneNumber: device.phoneNumber, status: 'queued' });
    try {
      await sms.send(device.phoneNumber, command.text);
      await markCommandSent(db, logged.id);
    } catch (err) {
      request.log.warn({ err, command: logged.id }, 'SMS gateway failed');
      await markCommandFailed(db, logged.id, err instanceof Error ? err.message : String(err));
    }
    return commandOf(db, logged.id);
  }

  // Support staff read it on the troubleshooting page.
  const logSchema = { tags, summary: "A device's latest commands, each with every state it took", querystring: DEVICE_QUERY, response: { 200: COMMAND_LOG, ...NOT_FOUND } };
  app.get('/api/app/terminalCommand/log', { config: { policy: anyOf(DEVICES, POLICIES.troubleshoot) }, schema: logSchema }, async (request) => {
    const device = await commandDevice(db, request, deviceIdOf(request.query));
    return { items: await recentCommands(db, device.id) };
  });

  // Caregivers hold the dashboard policy and may ask their own watches for a position.
  const requestPolicy = anyOf(`${DEVICES}.Update`, POLICIES.dashboard);

  const positionSchema = { tags, summary: 'Ask a device for its position now', querystring: DEVICE_QUERY, body: REQUEST_BODY, response: { 200: COMMAND, ...NOT_FOUND } };
  app.post('/api/app/productInstance/requestPosition', { config: { policy: requestPolicy }, schema: positionSchema }, async (request) => {
    const lang = request.language;
    const device = await commandDevice(db, request, deviceIdOf(request.query, request.body));
    const command: DeviceCommand = { type: 'positionSingle', attributes: {} };
    const protocol = protocolOf(lang, device);
    // Said in the carer's words: they press "Locate now", they do not send a command type.
    if (!catalogueOf(protocol).includes(command.type)) throw invalid(lang, [{ members: ['deviceId'], message: translate('geofences:commands.noPosition', lang, { model: String(device.model) }) }]);
    checkCommand(lang, device, protocol, command, ['deviceId']);
    return send(request, device, { type: command.type, text: commandText(command), sms: false });
  });

  // The dashboard follows a carer's "Locate now" with it. A caregiver reads only the requests they
  // made themselves to their own watches; staff any of their tenant's. Another's is a 404.
  const requestedSchema = { tags, summary: 'A position request (requestPosition\'s answer) with every state it took so far', params: ID_PARAMS, response: { 200: COMMAND, ...NOT_FOUND } };
  app.get('/api/app/productInstance/requestPosition/:id', { config: { policy: anyOf(DEVICES, POLICIES.troubleshoot, POLICIES.dashboard) }, schema: requestedSchema }, async (request) => {
    const missing = () => notFound(translate('errors.entityNotFound', request.language));
    const row = await db.selectFrom('device_commands').select(['device_id', 'user_id']).where('id', '=', request.params.id).where('type', '=', 'positionSingle').executeTakeFirst();
    if (!row) throw missing();
    // The device's tenant and, for a caregiver, its owner: a 404 when the caller may not command it.
    await commandDevice(db, request, row.device_id);
    if (!isStaff(request) && row.user_id !== request.principal!.userId) throw missing();
    return commandOf(db, request.params.id);
  });

  // No watch protocol has a history command: the Tizen app reads 'history' in an OsmAnd answer.
  const historySchema = { tags, summary: 'Ask a device for its positions in a period (default: the last 24 hours); only a Tizen watch can be asked', querystring: DEVICE_QUERY, body: REQUEST_BODY, response: { 200: COMMAND, ...NOT_FOUND } };
  app.post('/api/app/productInstance/requestHistory', { config: { policy: requestPolicy }, schema: historySchema }, async (request) => {
    const lang = request.language;
    const body = request.body;
    const device = await commandDevice(db, request, deviceIdOf(request.query, body));
    const to = body.to ? new Date(body.to) : new Date();
    const from = body.from ? new Date(body.from) : new Date(to.getTime() - 24 * 3600_000);
    if (!(from < to)) throw invalid(lang, [{ members: ['to'], message: translate('validation:after', lang, { field: 'to', other: 'from' }) }]);
    if (protocolOf(lang, device) !== 'osmand') throw invalid(lang, [{ members: ['deviceId'], message: translate('geofences:commands.noHistory', lang, { model: String(device.model) }) }]);
    const command: DeviceCommand = { type: 'custom', attributes: { data: 'history' } };
    return send(request, device, { type: command.type, text: commandText(command), sms: false, attributes: { ...command.attributes, from: from.toISOString(), to: to.toISOString() } });
  });

  app.get('/api/app/terminalCommand/templates/:id', { config: { policy: DEVICES }, schema: { tags, summary: 'A command template the caller may send', params: ID_PARAMS, response: { 200: TEMPLATE } } }, async (request) => {
    const row = (await templates(db, request.tenantId).where('id', '=', request.params.id).executeTakeFirst()) as unknown as TemplateRow | undefined;
    if (!row) throw notFound(translate('errors.entityNotFound', request.language));
    return row;
  });
}
