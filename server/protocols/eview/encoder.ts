import type { CommandType, DeviceCommand } from '../types';
import { buildFrame } from './frame';
import { MSG_CONFIGURATION, MSG_SYSTEM_CONTROL } from './messages';

/**
 * Commands to an Eview device, as Traccar's Minifinder2ProtocolEncoder encodes them (sequence 1,
 * properties 0). Traccar supports two: `configuration` (Vigil's `custom`: the configuration
 * records in hex as `data`, or none to ask for the whole configuration, key 0xF0) and
 * `firmwareUpdate` (the Nano's system control key 0x30 with the firmware's URL), which Vigil has no
 * command type for: encodeFirmwareUpdate is here for when it has one.
 */
export const COMMAND_SEQUENCE = 1;
/** Key 0xF0 of a configuration message: "send me your whole configuration". */
const READ_CONFIGURATION = [1, 0xf0];
/** A URL longer than this does not fit the record's length byte. */
const MAX_URL = 254;

export const EVIEW_COMMANDS: readonly CommandType[] = ['custom'];

/** Hex text to bytes, as Traccar's DataConverter.parseHex; null when it is not hex of whole bytes. */
function parseHex(text: string): Uint8Array | null {
  const clean = text.trim();
  if (clean.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(clean)) return null;
  return Uint8Array.from(clean.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

export function encodeFirmwareUpdate(url: string): Uint8Array | null {
  if (url.length === 0 || url.length > MAX_URL || !/^[\u0020-\u007e]+$/.test(url)) return null;
  const content = Uint8Array.from([MSG_SYSTEM_CONTROL, 1 + url.length, 0x30, ...Array.from(url, (c) => c.charCodeAt(0))]);
  return buildFrame(content, COMMAND_SEQUENCE);
}

export function encodeCommand(_deviceId: string, command: DeviceCommand): Uint8Array | null {
  if (command.type !== 'custom') return null;
  const data = command.attributes.data;
  let records: Uint8Array | null = Uint8Array.from(READ_CONFIGURATION);
  if (data !== undefined) records = typeof data === 'string' ? parseHex(data) : null;
  if (records === null || records.length === 0) return null;
  // The content length is a uint16.
  if (records.length + 1 > 0xffff) return null;
  const content = new Uint8Array(records.length + 1);
  content[0] = MSG_CONFIGURATION;
  content.set(records, 1);
  return buildFrame(content, COMMAND_SEQUENCE);
}
