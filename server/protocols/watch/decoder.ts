import type { AttributeValue, DecodedMessage, DecodeResult } from '../types';
import { ECHO_TYPES } from './commands';
import type { FrameConvention } from './encoder';
import { CLOSE, type FrameHeader, readHeader } from './frame-header';
import { readPosition } from './position';
import { javaDouble, javaInt, splitValues } from './values';

/**
 * One frame (as the framer cut and unescaped it) read as Traccar's WatchProtocolDecoder reads it,
 * with the reply the watch waits for. What Vigil does not keep (pictures, voice messages) decodes
 * to a message without positions, as does every type it does not know.
 */

/** Bytes as text, one character a byte (a frame may be a large binary: no spread into fromCharCode). */
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');

/** Longer than any type a watch sends: a frame without a ',' in its content keeps no more of it as its type. */
const MAX_TYPE_LENGTH = 32;

function head(frame: Uint8Array): FrameHeader | null {
  if (frame.length < 2 || frame[frame.length - 1] !== CLOSE) return null;
  const result = readHeader(frame, 0, frame.length);
  return result.kind === 'header' && result.header.contentStart <= frame.length - 1 ? result.header : null;
}

/** The tag and index habit of the watch that sent this frame, for the commands sent back to it. */
export function frameConvention(frame: Uint8Array): FrameConvention | null {
  const header = head(frame);
  return header && { tag: header.tag, hasIndex: header.index !== null };
}

/** `[TAG*ID*(INDEX*)LEN*CONTENT]` with the watch's own tag and index, as Traccar's sendResponse. */
function reply(header: FrameHeader, content: string): Uint8Array {
  const index = header.index === null ? '' : `${header.index}*`;
  const text = `[${header.tag}*${header.deviceId}*${index}${content.length.toString(16).padStart(4, '0')}*${content}]`;
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** LK's `steps,rolls,battery` (rolls is Vigil's: Traccar keeps steps and battery only). */
function heartbeat(body: string | null): Record<string, AttributeValue> | null {
  if (body === null) return null;
  const values = splitValues(body);
  if (values.length < 3) return null;
  const [steps, rolls, battery] = values.map((v) => javaInt(v));
  if (steps == null || rolls == null || battery == null) return null;
  return { steps, rolls, batteryLevel: battery };
}

const VITALS = new Set(['pulse', 'heart', 'blood', 'bphrt', 'temp', 'btemp2', 'oxygen']);

/**
 * Vital signs, named as Traccar names them (heartRate, pressureHigh, pressureLow, temp1,
 * bloodOxygen). Traccar stores them on a copy of the last position; Vigil keeps them as the
 * watch's status, which has no place. Blood pressure is a number here (Traccar keeps its text).
 */
function vitals(type: string, body: string): Record<string, AttributeValue> | null {
  const values = splitValues(body);
  const status: Record<string, AttributeValue> = {};
  let i = 0;
  if (type === 'temp') {
    const temp = javaDouble(values[0]);
    if (temp === null) return null;
    status.temp1 = temp;
  } else if (type === 'btemp2') {
    const measured = javaInt(values[i++]);
    const temp = javaDouble(values[i]);
    if (measured === null || (measured > 0 && temp === null)) return null;
    if (measured > 0 && temp !== null) status.temp1 = temp;
  } else if (type === 'oxygen') {
    const oxygen = javaInt(values[++i]);
    if (oxygen === null) return null;
    status.bloodOxygen = oxygen;
  } else {
    if (type === 'bphrt' || type === 'blood') {
      const high = javaInt(values[i++]);
      const low = javaInt(values[i++]);
      if (high === null || low === null) return null;
      status.pressureHigh = high;
      status.pressureLow = low;
    }
    if (i <= values.length - 1) {
      const rate = javaInt(values[i]);
      if (rate === null) return null;
      status.heartRate = rate;
    }
  }
  return Object.keys(status).length > 0 ? status : null;
}

export function decodeFrame(frame: Uint8Array): DecodeResult {
  const header = head(frame);
  if (!header) return { ok: false, reason: 'not a watch frame' };
  const content = frame.subarray(header.contentStart, frame.length - 1);
  const comma = content.indexOf(0x2c);
  const type = latin1(content.subarray(0, Math.min(comma < 0 ? content.length : comma, MAX_TYPE_LENGTH)));
  // Binary payloads (pictures, voice) are not read as text.
  const body = comma < 0 ? null : () => latin1(content.subarray(comma + 1));
  const message: DecodedMessage = { deviceId: header.deviceId, type, positions: [], status: null, reply: null, acknowledged: null };

  if (type === 'INIT') {
    message.reply = reply(header, 'INIT,1');
  } else if (type === 'LK') {
    message.reply = reply(header, 'LK');
    message.status = heartbeat(body && body());
  } else if (type.startsWith('UD') || type.startsWith('AL') || type.startsWith('WT')) {
    const position = body && readPosition(body());
    if (type.startsWith('AL')) {
      if (position && position.alarms.length === 0) position.alarms.push('general');
      message.reply = reply(header, 'AL');
    }
    if (position) message.positions.push(position);
  } else if (type === 'TKQ' || type === 'TKQ2') {
    message.reply = reply(header, type);
  } else if (VITALS.has(type.toLowerCase())) {
    message.status = body && vitals(type.toLowerCase(), body());
  } else if (type === 'JXTK') {
    // A voice message in parts: each part is answered so the watch sends the next (Vigil keeps no audio).
    message.reply = reply(header, 'JXTKR,1');
  } else if (ECHO_TYPES.has(type)) {
    message.acknowledged = type;
  }
  return { ok: true, message };
}
