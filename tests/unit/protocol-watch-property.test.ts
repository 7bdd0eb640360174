import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { watchCodec } from '../../server/protocols/watch';

/** The framer under arbitrary input: it never throws, never holds more than its limit, and cuts every valid frame exactly once. */

const MAX = 512;
const text = (b: Uint8Array) => Buffer.from(b).toString('latin1');
const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

/** Splits bytes at the given points (sorted, deduplicated) into chunks. */
function chunked(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const p of [...points, bytes.length]) {
    chunks.push(bytes.subarray(from, p));
    from = p;
  }
  return chunks;
}

const ESCAPES = new Map([
  [0x7d, 0x01],
  [0x5b, 0x02],
  [0x5d, 0x03],
  [0x2c, 0x04],
  [0x2a, 0x05],
]);

/** A valid frame: a tag, an id, maybe an index, a LEN in hex or decimal, and text or escaped binary content. */
const frameArb = fc
  .record({
    tag: fc.constantFrom('3G', 'SG', 'CS', 'ZJ', 'HB', 'ab'.toUpperCase()),
    id: fc.stringMatching(/^\d{10,15}$/),
    index: fc.option(fc.stringMatching(/^[0-9A-F]{4}$/), { nil: null }),
    decimal: fc.boolean(),
    content: fc.oneof(
      fc.stringMatching(/^[A-Z]{2,6}(,[ -Z^-~]{0,20}){0,8}$/).map((t) => ({ bytes: ascii(t), binary: false })),
      // A Wi-Fi name in brackets, as Traccar's WatchFrameDecoderTest has one.
      fc.stringMatching(/^UD(,[ -Z^-~]{0,10}){0,4},\[[ -Z^-~]{0,12}\][a-z0-9]{0,4}(,[0-9a-f:]{0,17}){0,3}$/).map((t) => ({ bytes: ascii(t), binary: false })),
      fc.uint8Array({ maxLength: 120 }).map((audio) => ({ bytes: Uint8Array.from([...ascii('TK,'), ...audio]), binary: true })),
    ),
  })
  .map(({ tag, id, index, decimal, content: { bytes: content, binary } }) => {
    const length = decimal ? String(content.length).padStart(4, '0') : content.length.toString(16).padStart(4, '0');
    // Only binary payloads are escaped; a text's ',' and '*' go as they are.
    const raw: number[] = [];
    for (const b of content) {
      const code = binary ? ESCAPES.get(b) : undefined;
      if (code === undefined) raw.push(b);
      else raw.push(0x7d, code);
    }
    const head = ascii(`[${tag}*${id}*${index === null ? '' : `${index}*`}${length}*`);
    return { wire: Uint8Array.from([...head, ...raw, 0x5d]), frame: Uint8Array.from([...head, ...content, 0x5d]), content, length };
  })
  // The one ambiguity the framer documents: a hex LEN written in digits whose decimal reading ends at a ']' inside the content.
  .filter(({ wire, content, length }) => wire.length <= MAX && !(/^\d+$/.test(length) && content[Number(length)] === 0x5d));

describe('watch framer, property-based', () => {
  it('never throws on arbitrary bytes, returns at most one frame per "[", and keeps buffered within the limit', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 12 }), (chunks) => {
        const framer = watchCodec.createFramer(MAX);
        let opens = 0;
        let frames = 0;
        for (const chunk of chunks) {
          opens += chunk.filter((b) => b === 0x5b).length;
          const out = framer.push(chunk);
          frames += out.length;
          for (const f of out) {
            expect(f[0]).toBe(0x5b);
            expect(f[f.length - 1]).toBe(0x5d);
            expect(f.length).toBeLessThanOrEqual(MAX);
          }
          expect(framer.buffered).toBeLessThanOrEqual(MAX);
        }
        expect(frames).toBeLessThanOrEqual(opens);
      }),
      { numRuns: 300 },
    );
  });

  it('cuts every valid frame exactly once, unescaped, however the stream is split', () => {
    fc.assert(
      fc.property(fc.array(frameArb, { minLength: 1, maxLength: 6 }), fc.array(fc.nat(), { maxLength: 20 }), (frames, cuts) => {
        const stream = Uint8Array.from(frames.flatMap((f) => [...f.wire]));
        const framer = watchCodec.createFramer(MAX);
        const got = chunked(stream, cuts).flatMap((chunk) => {
          const out = framer.push(chunk);
          expect(framer.buffered).toBeLessThanOrEqual(MAX);
          return out;
        });
        expect(got.map(text)).toEqual(frames.map((f) => text(f.frame)));
        expect(framer.buffered).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('still cuts valid frames exactly once with garbage (no "[") between them', () => {
    const garbage = fc.uint8Array({ maxLength: 40 }).map((g) => g.filter((b) => b !== 0x5b));
    fc.assert(
      fc.property(fc.array(fc.tuple(garbage, frameArb), { minLength: 1, maxLength: 5 }), fc.array(fc.nat(), { maxLength: 20 }), (parts, cuts) => {
        const stream = Uint8Array.from(parts.flatMap(([g, f]) => [...g, ...f.wire]));
        const framer = watchCodec.createFramer(MAX);
        const got = chunked(stream, cuts).flatMap((chunk) => framer.push(chunk));
        expect(got.map(text)).toEqual(parts.map(([, f]) => text(f.frame)));
      }),
      { numRuns: 300 },
    );
  });

  it('decodes arbitrary frames without throwing', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.stringMatching(/^[A-Za-z_0-9]{0,8}(,[ -~]{0,12}){0,20}$/), (noise, content) => {
        expect(() => watchCodec.decode(noise, new Date())).not.toThrow();
        const frame = ascii(`[3G*1234567890*${content.length.toString(16).padStart(4, '0')}*${content}]`);
        const result = watchCodec.decode(frame, new Date());
        expect(result.ok).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
