import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eviewCodec } from '../../server/protocols/eview';
import { crc16Xmodem } from '../../server/protocols/eview/crc16';
import { buildFrame, checkFrame, EviewFramer } from '../../server/protocols/eview/frame';

/** The Eview framer: frames cut from a TCP stream by their length, checked by their CRC-16/XMODEM. */
const LIMIT = 512;
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const bytes = (h: string) => Uint8Array.from(Buffer.from(h, 'hex'));
const join = (...parts: Uint8Array[]) => Uint8Array.from(Buffer.concat(parts.map((p) => Buffer.from(p))));
/** Traccar's sample 13 (a GPS report), whole and valid. */
const SAMPLE = bytes('AB103D0035A700000110013836373733303035333430333237390924AC5783620103C250162030CC5F0D5002FB432D00AF005A3158006D0A00000B0931EC5783620A000000');

/** A device frame: content with its header, the acknowledgement asked for. */
function deviceFrame(content: Uint8Array, sequence: number): Uint8Array {
  const frame = buildFrame(content, sequence);
  frame[1] = 0x10;
  return frame;
}

/** Cuts bytes into chunks at the given (sorted, deduplicated) offsets. */
function chunks(data: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (data.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let at = 0;
  for (const p of [...points, data.length]) {
    out.push(data.slice(at, p));
    at = p;
  }
  return out;
}

const contentArb = fc.uint8Array({ minLength: 1, maxLength: 200 });
const frameArb = fc.tuple(contentArb, fc.integer({ min: 0, max: 0xffff })).map(([content, sequence]) => deviceFrame(content, sequence));
/** Noise that holds no start byte, so it can never open a frame of its own. */
const noiseArb = fc.uint8Array({ maxLength: 40 }).map((b) => b.map((x) => (x === 0xab ? 0 : x)));

describe('Eview framer', () => {
  it('computes CRC-16/XMODEM (check value of "123456789" is 0x31C3)', () => {
    expect(crc16Xmodem(new TextEncoder().encode('123456789'))).toBe(0x31c3);
    expect(crc16Xmodem(new Uint8Array(0))).toBe(0);
  });

  it('passes a whole frame through and keeps nothing', () => {
    const framer = eviewCodec.createFramer(LIMIT);
    expect(framer.push(SAMPLE).map(hex)).toEqual([hex(SAMPLE)]);
    expect(framer.buffered).toBe(0);
  });

  it('skips garbage before a frame start', () => {
    const framer = eviewCodec.createFramer(LIMIT);
    expect(framer.push(join(bytes('00ffab0102'), SAMPLE)).map(hex)).toEqual([hex(SAMPLE)]);
    expect(framer.buffered).toBe(0);
  });

  it('drops bytes that cannot start a frame at once', () => {
    const framer = eviewCodec.createFramer(LIMIT);
    expect(framer.push(bytes('000102030405060708090a'))).toEqual([]);
    expect(framer.buffered).toBe(0);
  });

  it('reassembles a frame split at every boundary, one byte at a time', () => {
    for (let cut = 1; cut < SAMPLE.length; cut++) {
      const framer = eviewCodec.createFramer(LIMIT);
      expect(framer.push(SAMPLE.subarray(0, cut))).toEqual([]);
      expect(framer.buffered).toBe(cut);
      expect(framer.push(SAMPLE.subarray(cut)).map(hex)).toEqual([hex(SAMPLE)]);
      expect(framer.buffered).toBe(0);
    }
    const framer = eviewCodec.createFramer(LIMIT);
    const out = Array.from(SAMPLE, (b) => framer.push(Uint8Array.of(b))).flat();
    expect(out.map(hex)).toEqual([hex(SAMPLE)]);
  });

  it('refuses a frame with a bad checksum and finds the frame behind it', () => {
    const bad = SAMPLE.slice();
    bad[20] = bad[20]! ^ 0xff;
    const framer = new EviewFramer(LIMIT);
    expect(framer.push(join(bad, SAMPLE)).map(hex)).toEqual([hex(SAMPLE)]);
    expect(framer.refused).toBeGreaterThan(0);
    expect(framer.buffered).toBe(0);
  });

  it('drops a frame longer than the limit and resyncs on the next start', () => {
    const big = deviceFrame(new Uint8Array(LIMIT), 7);
    const framer = eviewCodec.createFramer(LIMIT);
    expect(framer.push(join(big, SAMPLE)).map(hex)).toEqual([hex(SAMPLE)]);
    expect(framer.buffered).toBe(0);
    // An oversize header alone is dropped at once, not held while its body would arrive.
    const header = eviewCodec.createFramer(LIMIT);
    header.push(big.subarray(0, 8));
    expect(header.buffered).toBeLessThan(8);
  });

  it('refuses a limit too small for any frame', () => {
    expect(() => eviewCodec.createFramer(8)).toThrow(RangeError);
  });

  it('never throws on arbitrary bytes, keeps buffered within the limit, and emits only checked frames', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 20 }), fc.integer({ min: 9, max: 600 }), (parts, limit) => {
        const framer = eviewCodec.createFramer(limit);
        for (const part of parts) {
          // Start bytes made common, so the framer is made to look at many headers.
          const chunk = part.map((b) => (b % 7 === 0 ? 0xab : b));
          for (const frame of framer.push(chunk)) {
            expect(frame.length).toBeLessThanOrEqual(limit);
            expect(checkFrame(frame).ok).toBe(true);
          }
          expect(framer.buffered).toBeLessThanOrEqual(limit);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reassembles valid frames split and joined at random points, each exactly once', () => {
    fc.assert(
      fc.property(fc.array(frameArb, { minLength: 1, maxLength: 12 }), fc.array(fc.nat(), { maxLength: 30 }), (frames, cuts) => {
        const framer = eviewCodec.createFramer(LIMIT);
        const out: Uint8Array[] = [];
        for (const chunk of chunks(join(...frames), cuts)) {
          out.push(...framer.push(chunk));
          expect(framer.buffered).toBeLessThanOrEqual(LIMIT);
        }
        expect(out.map(hex)).toEqual(frames.map(hex));
        expect(framer.buffered).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('finds every valid frame between noise and frames with bad checksums or oversize lengths', () => {
    // Refused frames hold no start byte past their first: one could otherwise claim a length that
    // runs past the stream's end, and the framer would rightly wait for the rest.
    const noStart = (b: Uint8Array) => b.subarray(1).indexOf(0xab) < 0;
    const badChecksumArb = frameArb.map((frame) => {
      const bad = frame.slice();
      bad[4] = bad[4]! ^ 0x5a;
      return bad;
    });
    const oversizeArb = fc.tuple(fc.integer({ min: LIMIT - 7, max: 0xffff }), fc.uint8Array({ minLength: 4, maxLength: 4 })).map(([length, rest]) => Uint8Array.of(0xab, 0x10, length & 0xff, length >> 8, ...rest));
    const refusedArb = fc.oneof(badChecksumArb, oversizeArb).filter(noStart);
    fc.assert(
      fc.property(fc.array(fc.tuple(noiseArb, fc.option(refusedArb), frameArb), { minLength: 1, maxLength: 8 }), fc.array(fc.nat(), { maxLength: 20 }), (items, cuts) => {
        const framer = eviewCodec.createFramer(LIMIT);
        const frames = items.map(([, , frame]) => frame);
        const stream = join(...items.flatMap(([noise, refused, frame]) => [noise, ...(refused ? [refused] : []), frame]));
        const out = chunks(stream, cuts).flatMap((chunk) => framer.push(chunk));
        expect(out.map(hex)).toEqual(frames.map(hex));
        expect(framer.buffered).toBe(0);
      }),
      { numRuns: 200 },
    );
  });
});
