import { NULLABLE_STRING, NULLABLE_TIME, TIME, UUID_STRING as UUID, querySchema } from '../http/route-schemas';
import { DEVICE_MODELS } from './settings-schemas';

/**
 * Route schemas of the commands module (terminalCommand, requestPosition/History, device
 * settings): each is the route's check and its handler's types.
 */

/** Keys are data (settings, command attributes). */
const MAP = { type: 'object', additionalProperties: true } as const;

/** A device named in the query is looked up: one that is not there, malformed or not, is a 404. */
const DEVICE_ID = { type: 'string', maxLength: 64 } as const;
export const DEVICE_QUERY = querySchema({ deviceId: { ...DEVICE_ID, description: 'The device id (a UUID)' }, id: { ...DEVICE_ID, description: 'Instead of deviceId' } });

export const SEND_BODY = {
  type: 'object',
  properties: {
    deviceId: UUID,
    commandTemplateId: UUID,
    variables: { type: 'object', maxProperties: 20, additionalProperties: { type: 'string', maxLength: 160 } },
  },
  required: ['deviceId', 'commandTemplateId'],
  additionalProperties: false,
} as const;

export const REQUEST_BODY = {
  type: 'object',
  properties: { deviceId: UUID, from: TIME, to: TIME },
  additionalProperties: false,
} as const;

/** `{ deviceId?, settings }` with the settings a model takes (settings-schemas.ts). */
export const settingsBody = <S extends object>(settings: S) =>
  ({
    type: 'object',
    properties: { deviceId: UUID, settings },
    required: ['settings'],
    additionalProperties: false,
  }) as const;

/** A command template (the command-templates resource, as commands read it). */
export const TEMPLATE = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    command: { type: 'string' },
    variables: { type: 'array', items: { type: 'string' } },
    isTextMessage: { type: 'boolean' },
    description: NULLABLE_STRING,
    deviceModel: { type: 'string' },
  },
  required: ['id', 'name', 'command', 'variables', 'isTextMessage', 'description', 'deviceModel'],
  additionalProperties: false,
} as const;

export const TERMINAL_INFO = {
  type: 'object',
  properties: {
    deviceId: { type: 'string' },
    model: NULLABLE_STRING,
    phoneNumber: NULLABLE_STRING,
    commands: { type: 'array', items: { type: 'string' } },
    templates: { type: 'array', items: TEMPLATE },
  },
  required: ['deviceId', 'model', 'phoneNumber', 'commands', 'templates'],
  additionalProperties: false,
} as const;

/** A command of the log (command-log.ts CommandDto). */
export const COMMAND = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    deviceId: { type: 'string' },
    type: { type: 'string' },
    templateId: NULLABLE_STRING,
    text: { type: 'string' },
    attributes: MAP,
    channel: { type: 'string', enum: ['device', 'sms'] },
    phoneNumber: NULLABLE_STRING,
    status: { type: 'string', enum: ['queued', 'sent', 'delivered', 'failed'] },
    error: NULLABLE_STRING,
    creationTime: TIME,
    sentTime: NULLABLE_TIME,
    deliveredTime: NULLABLE_TIME,
  },
  required: ['id', 'deviceId', 'type', 'templateId', 'text', 'attributes', 'channel', 'phoneNumber', 'status', 'error', 'creationTime', 'sentTime', 'deliveredTime'],
  additionalProperties: false,
} as const;

export const COMMAND_LOG = { type: 'object', properties: { items: { type: 'array', items: COMMAND } }, required: ['items'], additionalProperties: false } as const;

/** Wanted versus reported settings (device-settings.ts SettingsSync). */
export const SETTINGS_SYNC = {
  type: 'object',
  properties: {
    deviceId: { type: 'string' },
    model: { type: ['string', 'null'], description: `One of ${DEVICE_MODELS.join(', ')}` },
    wanted: MAP,
    reported: { type: ['object', 'null'], additionalProperties: true },
    inSync: { type: 'boolean' },
    lastSyncTime: NULLABLE_TIME,
    wantedTime: NULLABLE_TIME,
  },
  required: ['deviceId', 'model', 'wanted', 'reported', 'inSync', 'lastSyncTime', 'wantedTime'],
  additionalProperties: false,
} as const;
