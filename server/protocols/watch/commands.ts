import type { AttributeValue, CommandType, DeviceCommand } from '../types';
import { formatHours, timezoneHours } from './timezone';

/**
 * The text of each command a watch takes, as Traccar's WatchProtocolEncoder writes it. Commands
 * Traccar has no watch encoding for (findDevice, factoryReset, setLanguage) use the 3G protocol's
 * own FIND, FACTORY and LZ.
 */

/** The keyword each command's text starts with: a watch echoes it back to acknowledge the command. */
export const COMMAND_KEYWORDS = {
  positionSingle: 'CR',
  positionPeriodic: 'UPLOAD',
  sosNumber: 'SOS',
  setPhonebook: 'PHB',
  setLanguage: 'LZ',
  setTimezone: 'LZ',
  silenceTime: 'SILENCETIME',
  alarmClock: 'REMIND',
  alarmRemove: 'REMOVE',
  alarmBattery: 'LOWBAT',
  findDevice: 'FIND',
  rebootDevice: 'RESET',
  factoryReset: 'FACTORY',
  powerOff: 'POWEROFF',
} as const satisfies Record<Exclude<CommandType, 'custom'>, string>;

/** The catalogue: every command type Vigil has. */
export const WATCH_COMMANDS: readonly CommandType[] = [...(Object.keys(COMMAND_KEYWORDS) as (keyof typeof COMMAND_KEYWORDS)[]), 'custom'];

/**
 * The types a watch's answer to a command carries: the keywords above, the numbered SOS1..SOS3,
 * and those of Traccar's commands Vigil has no type for (SOSSMS, MESSAGE, FLOWER, PHB2).
 */
export const ECHO_TYPES: ReadonlySet<string> = new Set([...Object.values(COMMAND_KEYWORDS), 'SOS1', 'SOS2', 'SOS3', 'SOSSMS', 'MESSAGE', 'FLOWER', 'PHB2']);

/** Printable ASCII without the frame's brackets: what a text command may hold (Traccar sends US-ASCII). */
const TEXT = /^[\x20-\x5a\x5c\x5e-\x7e]*$/;

const text = (value: AttributeValue | undefined): string | null => (value === undefined ? null : TEXT.test(String(value)) ? String(value) : null);

/** Traccar's formatValue for `enable`: 1 or 0. */
function flag(value: AttributeValue | undefined): string | null {
  if (value === true || value === 1 || value === '1' || value === 'true') return '1';
  if (value === false || value === 0 || value === '0' || value === 'false') return '0';
  return null;
}

function seconds(value: AttributeValue | undefined): string | null {
  const n = Number(value);
  return typeof value !== 'boolean' && Number.isInteger(n) && n > 0 && n <= 86_400 ? String(n) : null;
}

/** `LZ,<language>,<timezone>`; the language may be left empty (Traccar's set timezone). */
function lz(attributes: DeviceCommand['attributes'], needsLanguage: boolean): string | null {
  const language = attributes.language === undefined ? '' : text(attributes.language);
  const hours = attributes.timezone === undefined ? null : timezoneHours(attributes.timezone);
  if (language === null || hours === null || (needsLanguage && language === '')) return null;
  return `LZ,${language},${formatHours(hours)}`;
}

const join = (...parts: (string | null)[]): string | null => (parts.some((p) => p === null) ? null : parts.join(','));

/**
 * The text of a command, or null when its values do not make one: a value missing, out of range,
 * or (on purpose, where Traccar would send '?' in its place) a character the watch's ASCII frame
 * cannot carry.
 */
export function commandText(command: DeviceCommand): string | null {
  const a = command.attributes;
  switch (command.type) {
    case 'custom':
      return text(a.data);
    case 'positionSingle':
    case 'findDevice':
    case 'rebootDevice':
    case 'factoryReset':
    case 'powerOff':
      return COMMAND_KEYWORDS[command.type];
    case 'positionPeriodic':
      return join('UPLOAD', seconds(a.frequency));
    case 'sosNumber':
      // SOS<index>,<phone> as Traccar; without an index, SOS,<a>,<b>,<c> sets all three at once.
      if (a.index === undefined) return join('SOS', text(a.phone));
      return /^[1-3]$/.test(String(a.index)) ? join(`SOS${String(a.index)}`, text(a.phone)) : null;
    case 'setPhonebook':
      return join('PHB', text(a.data));
    case 'silenceTime':
      return join('SILENCETIME', text(a.data));
    case 'alarmClock':
      return join('REMIND', text(a.data));
    case 'alarmRemove':
      return join('REMOVE', flag(a.enable));
    case 'alarmBattery':
      return join('LOWBAT', flag(a.enable));
    case 'setLanguage':
      return lz(a, true);
    case 'setTimezone':
      return lz(a, false);
  }
}
