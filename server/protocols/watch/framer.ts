import type { Framer } from '../types';
import { CLOSE, ESCAPE, ESCAPED, OPEN, lengthReadings, readHeader } from './frame-header';

/**
 * Cuts `[TAG*ID*LEN*CONTENT]` frames out of a watch's byte stream and unescapes their binary
 * payloads (0x7D 0x01..0x05), as Traccar's WatchFrameDecoder does.
 *
 * Where a frame ends: at the first ']' that either closes the frame's brackets (Traccar's rule: a
 * Wi-Fi name may hold "[...]", and many watches write a wrong LEN) or comes right after LEN content
 * bytes, LEN read as hex or as decimal (some firmware writes it in decimal): that also ends a frame
 * whose Wi-Fi name holds a lone '['. The rule looks only at the bytes before the end, so the same
 * bytes give the same frames however the stream is chunked.
 */

type Scan = { kind: 'frame'; end: number } | { kind: 'incomplete' } | { kind: 'drop' };

export class WatchFramer implements Framer {
  private held: Uint8Array = new Uint8Array(0);

  constructor(private readonly maxFrameBytes: number) {}

  get buffered(): number {
    return this.held.length;
  }

  push(chunk: Uint8Array): Uint8Array[] {
    const bytes = concat(this.held, chunk);
    const frames: Uint8Array[] = [];
    let start = bytes.indexOf(OPEN);
    while (start >= 0) {
      const scan = this.scan(bytes, start);
      if (scan.kind === 'incomplete') break;
      if (scan.kind === 'frame') {
        frames.push(unescape(bytes.subarray(start, scan.end)));
        start = bytes.indexOf(OPEN, scan.end);
      } else {
        start = bytes.indexOf(OPEN, start + 1);
      }
    }
    // Garbage before a frame's start is never kept; a frame still open is (scan bounds it).
    this.held = start < 0 ? new Uint8Array(0) : bytes.slice(start);
    return frames;
  }

  /** Whether a frame that starts at `start` is whole, not yet, or not a frame (too long, a bad head). */
  private scan(bytes: Uint8Array, start: number): Scan {
    const limit = Math.min(bytes.length, start + this.maxFrameBytes);
    const head = readHeader(bytes, start, limit);
    if (head.kind === 'invalid') return { kind: 'drop' };
    if (head.kind === 'incomplete') return limit < bytes.length || limit - start >= this.maxFrameBytes ? { kind: 'drop' } : { kind: 'incomplete' };
    const readings = lengthReadings(head.header.length);
    let depth = 1;
    let count = 0; // content bytes, unescaped
    let i = head.header.contentStart;
    while (i < limit) {
      const b = bytes[i] ?? 0;
      if (b === CLOSE) {
        depth -= 1;
        if (depth === 0 || readings.includes(count)) return { kind: 'frame', end: i + 1 };
      } else if (b === OPEN) {
        // A new frame's head here means this one was cut short: resync at it.
        const inner = readHeader(bytes, i, limit);
        if (inner.kind === 'header') return { kind: 'drop' };
        if (inner.kind === 'incomplete' && limit === bytes.length && limit - start < this.maxFrameBytes) return { kind: 'incomplete' };
        depth += 1;
      } else if (b === ESCAPE && ESCAPED.has(bytes[i + 1] ?? -1)) {
        i += 1;
      } else if (b === ESCAPE && i + 1 >= bytes.length) {
        break; // the escaped byte has not come yet
      }
      count += 1;
      i += 1;
    }
    return i - start >= this.maxFrameBytes ? { kind: 'drop' } : { kind: 'incomplete' };
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** The frame with its escapes undone (a lone 0x7D is kept as it is: a '}' in a text). */
function unescape(raw: Uint8Array): Uint8Array {
  const out = new Uint8Array(raw.length);
  let n = 0;
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i] ?? 0;
    const escaped = b === ESCAPE ? ESCAPED.get(raw[i + 1] ?? -1) : undefined;
    if (escaped === undefined) {
      out[n++] = b;
    } else {
      out[n++] = escaped;
      i += 1;
    }
  }
  return out.slice(0, n);
}
