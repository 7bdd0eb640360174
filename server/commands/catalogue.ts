import { protocolNamed, TCP_PROTOCOLS } from '../protocols/registry';
import type { AttributeValue, CommandType, DeviceCommand } from '../protocols/types';
import type { DeviceProtocol } from './models';

/**
 * The commands each protocol takes (a TCP protocol's codec says; an OsmAnd watch takes only what
 * its answer can carry: locate now and a custom text) and whether a command's values make one.
 */

/** Every command type there is: the union of the codecs' catalogues. */
export const COMMAND_TYPES: readonly CommandType[] = [...new Set(TCP_PROTOCOLS.flatMap((p) => p.commands))];

const OSMAND_COMMANDS: readonly CommandType[] = ['positionSingle', 'custom'];

/**
 * The values each command type takes, as Traccar names them (server/protocols/watch/commands.ts
 * reads them); a caller's other values are refused. The transport adds the frame's own (a 3G
 * watch's `tag`, `hasIndex`), and `settings` is the commands module's, never the caller's.
 */
export const COMMAND_ATTRIBUTES: Record<CommandType, readonly string[]> = {
  positionSingle: [],
  positionPeriodic: ['frequency'],
  sosNumber: ['index', 'phone'],
  setPhonebook: ['data'],
  setLanguage: ['language', 'timezone'],
  setTimezone: ['timezone'],
  silenceTime: ['data'],
  alarmClock: ['data'],
  alarmRemove: ['enable'],
  alarmBattery: ['enable'],
  findDevice: [],
  rebootDevice: [],
  factoryReset: [],
  powerOff: [],
  custom: ['data'],
};

export function catalogueOf(protocol: DeviceProtocol): readonly CommandType[] {
  return protocol === 'osmand' ? OSMAND_COMMANDS : (protocolNamed(protocol)?.commands ?? []);
}

/** What an OsmAnd answer can carry: one line of text (the answer's body). */
const ANSWER_TEXT = /^[^\r\n]{1,500}$/;

/**
 * Whether the protocol takes the command with these values: a TCP protocol's encoder gives bytes
 * for it (to `deviceId`, what the watch calls itself), an OsmAnd answer has a text to carry.
 */
export function encodes(protocol: DeviceProtocol, deviceId: string, command: DeviceCommand): boolean {
  if (!catalogueOf(protocol).includes(command.type)) return false;
  if (protocol === 'osmand') return command.type !== 'custom' || (typeof command.attributes.data === 'string' && ANSWER_TEXT.test(command.attributes.data));
  return protocolNamed(protocol)?.encode(deviceId, command) != null;
}

/** A command row's `text`: what an OsmAnd answer hands over (a custom command's data, else its type). */
export const commandText = (command: DeviceCommand): string => (command.type === 'custom' ? String(command.attributes.data) : command.type);

/** A queued command as the transport takes it from the database (command-states.ts queuedCommands). */
export interface QueuedDeviceCommand {
  id: string;
  /** A CommandType, or 'template' (its `text` is sent as the protocol's custom command). */
  type: string;
  text: string;
  attributes: Record<string, unknown>;
}

const isAttributeValue = (v: unknown): v is AttributeValue => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/**
 * The command to encode for a queued row: a template's text as the custom command, a typed one
 * with its values (without the settings it carries); null for a row no protocol sends (rows from
 * before command types, 'history' or 'settings'), which the transport marks failed.
 */
export function toDeviceCommand(row: QueuedDeviceCommand): DeviceCommand | null {
  if (row.type === 'template') return { type: 'custom', attributes: { data: row.text } };
  const type = COMMAND_TYPES.find((t) => t === row.type);
  if (!type) return null;
  const attributes: Record<string, AttributeValue> = {};
  for (const [key, value] of Object.entries(row.attributes)) if (key !== 'settings' && isAttributeValue(value)) attributes[key] = value;
  return { type, attributes };
}
