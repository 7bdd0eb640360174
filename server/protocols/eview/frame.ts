import type { Framer } from '../types';
import { crc16Xmodem } from './crc16';

/**
 * An Eview frame (Traccar's minifinder2): 0xAB, a properties byte (bit 4: the device waits for an
 * acknowledgement), the content's length (uint16 LE), its CRC-16/XMODEM (uint16 LE), the sequence
 * number (uint16 LE), then the content: a message type and its key records. No escaping: the
 * length field delimits the frame (Traccar's LengthFieldBasedFrameDecoder).
 */
export const FRAME_START = 0xab;
export const HEADER_BYTES = 8;
/** Traccar's limit for this protocol (BaseProtocol.MAX_FRAME_LENGTH_LARGE). */
export const MAX_FRAME_BYTES = 32 * 1024;
/** The properties bit of a frame the device waits to have acknowledged. */
export const ACK_REQUESTED = 0x10;

export interface FrameHeader {
  properties: number;
  sequence: number;
}

/** A frame around content, with its length, checksum and sequence (properties 0, as Traccar sends). */
export function buildFrame(content: Uint8Array, sequence: number): Uint8Array {
  const frame = new Uint8Array(HEADER_BYTES + content.length);
  const view = new DataView(frame.buffer);
  frame[0] = FRAME_START;
  frame[1] = 0x00;
  view.setUint16(2, content.length, true);
  view.setUint16(4, crc16Xmodem(content), true);
  view.setUint16(6, sequence & 0xffff, true);
  frame.set(content, HEADER_BYTES);
  return frame;
}

/** Whether bytes are a whole frame: start byte, a length that matches and a checksum that does. */
export function checkFrame(frame: Uint8Array): { ok: true; header: FrameHeader } | { ok: false; reason: string } {
  if (frame.length <= HEADER_BYTES || frame[0] !== FRAME_START) return { ok: false, reason: 'not a frame' };
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  if (view.getUint16(2, true) !== frame.length - HEADER_BYTES) return { ok: false, reason: 'length mismatch' };
  if (view.getUint16(4, true) !== crc16Xmodem(frame.subarray(HEADER_BYTES))) return { ok: false, reason: 'bad checksum' };
  return { ok: true, header: { properties: frame[1]!, sequence: view.getUint16(6, true) } };
}

/**
 * Cuts frames from a connection's stream. A start byte whose frame would be longer than the limit,
 * or whose checksum does not match, is taken for noise: the framer skips that byte and looks for
 * the next start, so a real frame behind it is still found and `buffered` stays within the limit.
 */
export class EviewFramer implements Framer {
  private held: Uint8Array<ArrayBufferLike> = new Uint8Array(0);
  /** Start bytes taken for noise (an oversize length or a checksum that does not match) since the connection opened. */
  refused = 0;

  constructor(private readonly maxFrameBytes: number) {
    if (!(maxFrameBytes > HEADER_BYTES)) throw new RangeError(`maxFrameBytes must exceed ${HEADER_BYTES}`);
  }

  get buffered(): number {
    return this.held.length;
  }

  push(chunk: Uint8Array): Uint8Array[] {
    let data: Uint8Array<ArrayBufferLike> = chunk;
    if (this.held.length > 0) {
      data = new Uint8Array(this.held.length + chunk.length);
      data.set(this.held);
      data.set(chunk, this.held.length);
    }
    const frames: Uint8Array[] = [];
    let at = 0;
    while (at < data.length) {
      const start = data.indexOf(FRAME_START, at);
      if (start < 0) {
        at = data.length;
        break;
      }
      at = start;
      if (data.length - at < 4) break;
      const length = data[at + 2]! | (data[at + 3]! << 8);
      const total = HEADER_BYTES + length;
      if (length === 0 || total > this.maxFrameBytes) {
        this.refused++;
        at++;
        continue;
      }
      if (data.length - at < total) break;
      const frame = data.slice(at, at + total);
      if (checkFrame(frame).ok) {
        frames.push(frame);
        at += total;
      } else {
        this.refused++;
        at++;
      }
    }
    this.held = data.slice(at);
    return frames;
  }
}
