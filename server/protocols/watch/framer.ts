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
 * bytes give the same frames however the stream is chunked. One case it reads wrong: a hex LEN
 * written only in digits (0018) whose decimal reading (18) falls just before a ']' inside a Wi-Fi
 * name in brackets; Traccar's rule alone would read that frame right but not one with a lone '['.
 */

/** The room a connection keeps between frames. */
const RETAINED = 4096;

/** How far the scan of a frame still open has come, so the next chunk resumes there (a voice message comes in many). */
interface Progress {
  readings: number[];
  depth: number;
  /** Content bytes so far, unescaped. */
  count: number;
  /** The next byte to look at. */
  at: number;
}

type Scan = { kind: 'frame'; end: number } | { kind: 'incomplete'; progress: Progress | null } | { kind: 'drop' };

export class WatchFramer implements Framer {
  /** Bytes held are store[from, to): a frame still open grows in place rather than being copied at each chunk. */
  private store: Uint8Array = new Uint8Array(0);
  private from = 0;
  private to = 0;
  /** The scan of the frame the held bytes start with, when one is open. */
  private progress: Progress | null = null;

  constructor(private readonly maxFrameBytes: number) {}

  get buffered(): number {
    return this.to - this.from;
  }

  push(chunk: Uint8Array): Uint8Array[] {
    // With nothing held, garbage before a '[' is not even stored.
    this.append(this.to > this.from ? chunk : chunk.subarray(Math.max(0, chunk.indexOf(OPEN)), chunk.indexOf(OPEN) < 0 ? 0 : chunk.length));
    const bytes = this.store.subarray(this.from, this.to);
    const frames: Uint8Array[] = [];
    let resume = this.progress;
    this.progress = null;
    let start = bytes.indexOf(OPEN);
    while (start >= 0) {
      const scan = this.scan(bytes, start, start === 0 ? resume : null);
      resume = null;
      if (scan.kind === 'incomplete') {
        this.progress = scan.progress;
        break;
      }
      if (scan.kind === 'frame') {
        frames.push(unescape(bytes.subarray(start, scan.end)));
        start = bytes.indexOf(OPEN, scan.end);
      } else {
        start = bytes.indexOf(OPEN, start + 1);
      }
    }
    // Garbage before a frame's start is never kept; a frame still open is (scan bounds it).
    if (start >= 0) {
      this.from += start;
    } else {
      this.from = this.to = 0;
      if (this.store.length > RETAINED) this.store = new Uint8Array(0); // a voice message's room is not kept
    }
    return frames;
  }

  private append(chunk: Uint8Array): void {
    const held = this.to - this.from;
    if (this.to + chunk.length > this.store.length) {
      if (held + chunk.length <= this.store.length) {
        this.store.copyWithin(0, this.from, this.to);
      } else {
        const grown = new Uint8Array(Math.max(RETAINED, 2 * (held + chunk.length)));
        grown.set(this.store.subarray(this.from, this.to));
        this.store = grown;
      }
      this.from = 0;
      this.to = held;
    }
    this.store.set(chunk, this.to);
    this.to += chunk.length;
  }

  /** Whether a frame that starts at `start` is whole, not yet, or not a frame (too long, a bad head). */
  private scan(bytes: Uint8Array, start: number, resume: Progress | null): Scan {
    const limit = Math.min(bytes.length, start + this.maxFrameBytes);
    const waiting = limit === bytes.length && limit - start < this.maxFrameBytes;
    let progress = resume;
    if (!progress) {
      const head = readHeader(bytes, start, limit);
      if (head.kind === 'invalid') return { kind: 'drop' };
      if (head.kind === 'incomplete') return waiting ? { kind: 'incomplete', progress: null } : { kind: 'drop' };
      progress = { readings: lengthReadings(head.header.length), depth: 1, count: 0, at: head.header.contentStart - start };
    }
    let { depth, count } = progress;
    let i = start + progress.at;
    const pause = (): Scan => ({ kind: 'incomplete', progress: { readings: progress.readings, depth, count, at: i - start } });
    while (i < limit) {
      const b = bytes[i] ?? 0;
      if (b === CLOSE) {
        depth -= 1;
        if (depth === 0 || progress.readings.includes(count)) return { kind: 'frame', end: i + 1 };
      } else if (b === OPEN) {
        // A new frame's head here means this one was cut short: resync at it.
        const inner = readHeader(bytes, i, limit);
        if (inner.kind === 'header') return { kind: 'drop' };
        if (inner.kind === 'incomplete' && waiting) return pause();
        depth += 1;
      } else if (b === ESCAPE && ESCAPED.has(bytes[i + 1] ?? -1)) {
        i += 1;
      } else if (b === ESCAPE && i + 1 >= bytes.length) {
        break; // the escaped byte has not come yet
      }
      count += 1;
      i += 1;
    }
    return i - start >= this.maxFrameBytes ? { kind: 'drop' } : pause();
  }
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
