import { NULLABLE_STRING, NULLABLE_TIME, TIME, UUID_STRING as UUID, querySchema } from '../http/route-schemas';
import { COMMAND_TYPES } from './catalogue';
import { DEVICE_MODELS, MODEL_PROTOCOLS } from './models';
import { COMMAND_STATUSES } from './tables';

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

export const SEND_NATIVE_BODY = {
  type: 'object',
  properties: {
    deviceId: UUID,
    type: { type: 'string', enum: [...COMMAND_TYPES], description: "A command type of the device's protocol (terminalInfo's `commands`)" },
    // Which values a type takes is checked with the device's protocol (a value it has no use for is refused by name).
    attributes: {
      type: 'object',
      description: "The command's values, as Traccar names them (frequency, index, phone, data, enable, language, timezone); each type takes its own",
      maxProperties: 10,
      propertyNames: { maxLength: 32 },
      additionalProperties: { type: ['string', 'number', 'boolean'], maxLength: 500 },
    },
  },
  required: ['deviceId', 'type'],
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
    protocol: { type: ['string', 'null'], description: 'The protocol the model speaks (watch, eview or osmand); null without a model' },
    phoneNumber: NULLABLE_STRING,
    commands: { type: 'array', items: { type: 'string' }, description: "The command types the device's protocol takes (sendNative)" },
    commandAttributes: {
      type: 'object',
      additionalProperties: { type: 'array', items: { type: 'string' } },
      description: 'The values each of those command types takes (sendNative `attributes`), by type',
    },
    templates: { type: 'array', items: TEMPLATE },
  },
  required: ['deviceId', 'model', 'protocol', 'phoneNumber', 'commands', 'commandAttributes', 'templates'],
  additionalProperties: false,
} as const;

const STATUS = { type: 'string', enum: [...COMMAND_STATUSES] } as const;

/** A state a command took (command-log.ts CommandStateDto). */
const COMMAND_STATE = {
  type: 'object',
  properties: { status: STATUS, time: TIME, detail: NULLABLE_STRING },
  required: ['status', 'time', 'detail'],
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
    status: { ...STATUS, description: 'queued, sent (written to the watch, in an OsmAnd answer, or accepted by the SMS gateway), acknowledged (the watch echoed it), failed or expired' },
    error: NULLABLE_STRING,
    creationTime: TIME,
    sentTime: NULLABLE_TIME,
    acknowledgedTime: NULLABLE_TIME,
    expiryTime: { ...TIME, description: 'When it expires if still queued then' },
    states: { type: 'array', items: COMMAND_STATE, description: 'Every state it took, in the order it took them' },
  },
  required: ['id', 'deviceId', 'type', 'templateId', 'text', 'attributes', 'channel', 'phoneNumber', 'status', 'error', 'creationTime', 'sentTime', 'acknowledgedTime', 'expiryTime', 'states'],
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
    protocol: { type: ['string', 'null'], enum: [...new Set(Object.values(MODEL_PROTOCOLS)), null], description: "The protocol the device's model speaks; null without a model" },
    settableSettings: {
      type: 'array',
      items: { type: 'string' },
      description: "The settings of the device's model that its protocol can carry to the watch (the others are refused when saved); empty for a watch that takes none (Eview, OsmAnd)",
    },
  },
  required: ['deviceId', 'model', 'wanted', 'reported', 'inSync', 'lastSyncTime', 'wantedTime', 'protocol', 'settableSettings'],
  additionalProperties: false,
} as const;
