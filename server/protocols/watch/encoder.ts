import type { DeviceCommand } from '../types';
import { commandText } from './commands';
import { ESCAPED } from './frame-header';

/**
 * Frames a command as Traccar's WatchProtocolEncoder does: `[TAG*ID*LEN*CONTENT]`, LEN four
 * lowercase hex digits, with the watch's frame index "0001" when the watch numbers its frames.
 *
 * Traccar takes the tag and the index from the connection's last frame; the codec is pure, so the
 * caller passes them in the command's attributes: `tag` (what the watch wrote, see frameConvention)
 * and `hasIndex` (true for a watch that numbers its frames). As Traccar: no tag gives 'CS', and
 * '3G' is answered as 'SG' (Traccar's "special watch prefix": 3G watches take commands as SG).
 */
export interface FrameConvention {
  tag: string;
  hasIndex: boolean;
}

const TAG = /^[A-Z0-9]{2}$/;

export function conventionOf(attributes: DeviceCommand['attributes']): FrameConvention | null {
  const tag = attributes.tag ?? 'CS';
  if (typeof tag !== 'string' || !TAG.test(tag)) return null;
  return { tag: tag === '3G' ? 'SG' : tag, hasIndex: attributes.hasIndex === true };
}

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

/** `[TAG*ID*(0001*)LEN*` + content + `]`; LEN is the content's length in bytes as sent. */
export function frameCommand(deviceId: string, content: Uint8Array, convention: FrameConvention): Uint8Array {
  const head = ascii(`[${convention.tag}*${deviceId}*${convention.hasIndex ? '0001*' : ''}${content.length.toString(16).padStart(4, '0')}*`);
  const out = new Uint8Array(head.length + content.length + 1);
  out.set(head);
  out.set(content, head.length);
  out[out.length - 1] = 0x5d;
  return out;
}

const DEVICE_ID = /^[\x21-\x29\x2b\x2d-\x5a\x5c\x5e-\x7c\x7e]{1,32}$/;

/** The bytes of a command to a watch, or null when the command's values do not make one. */
export function encodeCommand(deviceId: string, command: DeviceCommand): Uint8Array | null {
  const convention = conventionOf(command.attributes);
  const content = commandText(command);
  if (convention === null || content === null || !DEVICE_ID.test(deviceId)) return null;
  return frameCommand(deviceId, ascii(content), convention);
}

/** Traccar's TYPE_MESSAGE: `MESSAGE,<the text in UTF-16BE, as hex>` (no Vigil command type carries it yet). */
export function encodeMessage(deviceId: string, message: string, convention: FrameConvention): Uint8Array | null {
  if (!DEVICE_ID.test(deviceId)) return null;
  const hex = Array.from({ length: message.length }, (_, i) => message.charCodeAt(i).toString(16).padStart(4, '0')).join('');
  return frameCommand(deviceId, ascii(`MESSAGE,${hex}`), convention);
}

const ESCAPES = new Map([...ESCAPED].map(([code, byte]) => [byte, code]));

/**
 * Traccar's TYPE_VOICE_MESSAGE: `TK,` then the AMR bytes with '}', '[', ']', ',' and '*' escaped;
 * LEN counts the escaped bytes, as Traccar's encoder does (no Vigil command type carries it yet).
 */
export function encodeVoiceMessage(deviceId: string, audio: Uint8Array, convention: FrameConvention): Uint8Array | null {
  if (!DEVICE_ID.test(deviceId)) return null;
  const escaped: number[] = [...ascii('TK,')];
  for (const b of audio) {
    const code = ESCAPES.get(b);
    if (code === undefined) escaped.push(b);
    else escaped.push(0x7d, code);
  }
  return frameCommand(deviceId, Uint8Array.from(escaped), convention);
}
