/**
 * The head of a 3G/SeTracker watch frame, `[TAG*ID*LEN*` or `[TAG*ID*INDEX*LEN*` (ZJ watches number
 * their frames), read the way Traccar's WatchProtocolDecoder reads it. Shared by the framer, which
 * cuts frames out of the stream, and the decoder, which reads one frame.
 */

export const OPEN = 0x5b; // '['
export const CLOSE = 0x5d; // ']'
const STAR = 0x2a; // '*'
export const ESCAPE = 0x7d; // '}'

/** In a binary payload, 0x7D followed by 1..5 stands for one of these bytes (WatchFrameDecoder). */
export const ESCAPED: ReadonlyMap<number, number> = new Map([
  [0x01, 0x7d],
  [0x02, 0x5b],
  [0x03, 0x5d],
  [0x04, 0x2c],
  [0x05, 0x2a],
]);

/** A 10-digit 3G id or a 15-digit IMEI; anything much longer is not a watch frame. */
const MAX_ID_LENGTH = 32;

export interface FrameHeader {
  /** The vendor's two characters ('3G', 'SG', 'CS', 'ZJ', ...). */
  tag: string;
  deviceId: string;
  /** The frame's number when the watch numbers them (ZJ), else null. */
  index: string | null;
  /** LEN as written: four hex digits, though some firmware writes the length in decimal. */
  length: string;
  /** Where the content starts (just after LEN's '*'). */
  contentStart: number;
}

export type HeaderResult = { kind: 'header'; header: FrameHeader } | { kind: 'incomplete' } | { kind: 'invalid' };

const isHex = (b: number) => (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66);
const isTagChar = (b: number) => (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a);
/** Printable ASCII but the frame's own delimiters (and the escape byte). */
const isIdChar = (b: number) => b > 0x20 && b < 0x7f && b !== STAR && b !== OPEN && b !== CLOSE && b !== 0x2c && b !== ESCAPE;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** Four hex digits then '*' at `at`: 'yes', 'no', or 'incomplete' when the bytes end before it is decided. */
function hexField(bytes: Uint8Array, at: number, end: number): 'yes' | 'no' | 'incomplete' {
  for (let k = 0; k < 5; k++) {
    if (at + k >= end) return 'incomplete';
    const b = bytes[at + k] ?? 0;
    if (k < 4 ? !isHex(b) : b !== STAR) return 'no';
  }
  return 'yes';
}

/** Reads the head of the frame that starts with '[' at `start`; `end` is where the bytes held end. */
export function readHeader(bytes: Uint8Array, start: number, end: number): HeaderResult {
  if (bytes[start] !== OPEN) return { kind: 'invalid' };
  let pos = start + 1;
  for (; pos < start + 3; pos++) {
    if (pos >= end) return { kind: 'incomplete' };
    if (!isTagChar(bytes[pos] ?? 0)) return { kind: 'invalid' };
  }
  if (pos >= end) return { kind: 'incomplete' };
  if (bytes[pos] !== STAR) return { kind: 'invalid' };
  const idStart = ++pos;
  for (; ; pos++) {
    if (pos >= end) return { kind: 'incomplete' };
    const b = bytes[pos] ?? 0;
    if (b === STAR) break;
    if (!isIdChar(b) || pos - idStart >= MAX_ID_LENGTH) return { kind: 'invalid' };
  }
  if (pos === idStart) return { kind: 'invalid' };
  const idEnd = pos++;
  const first = hexField(bytes, pos, end);
  if (first !== 'yes') return { kind: first === 'no' ? 'invalid' : 'incomplete' };
  // As Traccar: when another four hex digits and '*' follow, the first field was the frame's index.
  const second = hexField(bytes, pos + 5, end);
  if (second === 'incomplete') return { kind: 'incomplete' };
  const hasIndex = second === 'yes';
  const lengthAt = hasIndex ? pos + 5 : pos;
  return {
    kind: 'header',
    header: {
      tag: ascii(bytes, start + 1, start + 3),
      deviceId: ascii(bytes, idStart, idEnd),
      index: hasIndex ? ascii(bytes, pos, pos + 4) : null,
      length: ascii(bytes, lengthAt, lengthAt + 4),
      contentStart: lengthAt + 5,
    },
  };
}

/** The content lengths LEN may mean: read as hex and, when it is all digits, as decimal. */
export function lengthReadings(length: string): number[] {
  const hex = Number.parseInt(length, 16);
  return /^\d+$/.test(length) ? [hex, Number.parseInt(length, 10)] : [hex];
}
