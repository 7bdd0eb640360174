import { describe, expect, it } from 'vitest';
import { watchCodec } from '../../server/protocols/watch';
import { DECODER_SAMPLES } from '../fixtures/protocols/watch/traccar-decoder-samples';
import { FRAME_SAMPLES, FRAME_SOURCE } from '../fixtures/protocols/watch/traccar-frame-samples';

const hex = (h: string) => Uint8Array.from(Buffer.from(h, 'hex'));
const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const text = (b: Uint8Array) => String.fromCharCode(...b);
const cat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
const MAX = 64 * 1024;

describe(`watch framer: every sample of ${FRAME_SOURCE.path} (${FRAME_SOURCE.commit})`, () => {
  it('covers all 7 of Traccar’s samples', () => expect(FRAME_SAMPLES).toHaveLength(7));

  it.each(FRAME_SAMPLES.map((s) => [s.line, s] as const))('line %i: the first frame is Traccar’s, unescaped', (_, sample) => {
    const frames = watchCodec.createFramer(MAX).push(hex(sample.inputHex));
    expect(Buffer.from(frames[0] ?? []).toString('hex')).toBe(sample.expectedHex);
  });

  it('cuts all four frames of Traccar’s first sample, in order, and holds nothing after', () => {
    const framer = watchCodec.createFramer(MAX);
    const frames = framer.push(hex(FRAME_SAMPLES[0]?.inputHex ?? ''));
    expect(frames.map((f) => text(f).slice(0, 24))).toEqual(['[3G*9705141740*0009*LK,0', '[3G*9705141740*005A*UD,1', '[3G*9705141740*0003*TKQ]', '[3G*9705141740*0009*LK,0']);
    expect(framer.buffered).toBe(0);
  });
});

describe('watch framer', () => {
  it('cuts every Traccar decoder sample out of one stream, whatever LEN says (many samples have a wrong LEN)', () => {
    const texts = DECODER_SAMPLES.filter((s) => s.frame !== undefined).map((s) => s.frame ?? '');
    const frames = watchCodec.createFramer(MAX).push(bytes(texts.join('')));
    expect(frames.map(text)).toEqual(texts);
  });

  it('cuts the six parts of Traccar’s JXTK voice sample, each answered', () => {
    const blob = DECODER_SAMPLES.find((s) => s.expect.type === 'JXTK')?.frameHex ?? '';
    const frames = watchCodec.createFramer(MAX).push(hex(blob));
    expect(frames).toHaveLength(6);
    for (const [i, frame] of frames.entries()) {
      const result = watchCodec.decode(frame, new Date());
      expect(result.ok && result.message.type).toBe('JXTK');
      expect(text(frame)).toContain(`watch_7_20220526093954,${i + 1},6,`);
      expect(result.ok && text(result.message.reply ?? new Uint8Array())).toMatch(/^\[ZJ\*789468050042692\*00\d\d\*0007\*JXTKR,1\]$/);
    }
  });

  it('skips garbage before a frame and reassembles a frame split across chunks', () => {
    const framer = watchCodec.createFramer(MAX);
    expect(framer.push(bytes('\r\nxx]]*[3G*1234567890*0009*LK,'))).toEqual([]);
    expect(framer.buffered).toBe('[3G*1234567890*0009*LK,'.length);
    expect(framer.push(bytes('0,0,5')).map(text)).toEqual([]);
    expect(framer.push(bytes('3][SG*1')).map(text)).toEqual(['[3G*1234567890*0009*LK,0,0,53]']);
    expect(framer.buffered).toBe(5);
  });

  it('reads LEN in hex or decimal: a lone "[" in a Wi-Fi name does not hold the frame open', () => {
    const content = 'UD,1,2,3,[ssid,ab:cd,-50'; // 24 bytes: hex 0018, decimal 0024
    const hexLen = `[3G*1234567890*0018*${content}]`;
    const decLen = `[3G*1234567890*0024*${content}]`;
    const next = '[3G*1234567890*0002*LK]';
    expect(watchCodec.createFramer(MAX).push(bytes(hexLen + next)).map(text)).toEqual([hexLen, next]);
    expect(watchCodec.createFramer(MAX).push(bytes(decLen + next)).map(text)).toEqual([decLen, next]);
  });

  it('keeps a Wi-Fi name in brackets inside its frame (Traccar’s bracket count)', () => {
    const frame = '[3G*1234567890*0030*UD,x,[LG_Wall-Mount A/C]e725,66:a1:ed:e1:e7:25]';
    expect(watchCodec.createFramer(MAX).push(bytes(frame)).map(text)).toEqual([frame]);
  });

  it('reads a frame with an index after the id (ZJ watches)', () => {
    const frame = '[ZJ*014111001350304*0034*0009*LK,0,0,19]';
    const framer = watchCodec.createFramer(MAX);
    expect(framer.push(bytes(frame)).map(text)).toEqual([frame]);
  });

  it('unescapes 0x7D 0x01..0x05 and waits for the byte after a 0x7D', () => {
    const framer = watchCodec.createFramer(MAX);
    expect(framer.push(cat(bytes('[CS*1234567890*000e*TK,#!AMR'), hex('7d017d027d037d047d')))).toEqual([]);
    const frames = framer.push(cat(hex('05ff'), bytes(']')));
    expect(Buffer.from(frames[0] ?? []).toString('hex')).toBe(Buffer.from(cat(bytes('[CS*1234567890*000e*TK,#!AMR'), hex('7d5b5d2c2aff'), bytes(']'))).toString('hex'));
  });

  it('drops a frame longer than the limit, never holds more than the limit, and resyncs at the next "["', () => {
    const framer = watchCodec.createFramer(100);
    expect(framer.push(bytes(`[3G*1234567890*0400*UD,${'1'.repeat(300)}`))).toEqual([]);
    expect(framer.buffered).toBeLessThanOrEqual(100);
    expect(framer.push(bytes(`${'2'.repeat(300)}][3G*1234567890*0002*LK]`)).map(text)).toEqual(['[3G*1234567890*0002*LK]']);
    expect(framer.buffered).toBe(0);
  });

  it('reassembles a 1 MB voice message sent in 1 kB chunks, resuming where it stopped (not rescanning)', () => {
    const audio = new Uint8Array(1_000_000).map((_, i) => (i * 7) % 256);
    const special = [0x7d, 0x5b, 0x5d, 0x2c, 0x2a];
    const escaped = [...audio].flatMap((b) => (special.includes(b) ? [0x7d, special.indexOf(b) + 1] : [b]));
    const wire = cat(bytes('[CS*1234567890*0000*TK,'), Uint8Array.from(escaped), bytes(']'));
    const framer = watchCodec.createFramer(2_000_000);
    const started = performance.now();
    const frames: Uint8Array[] = [];
    for (let at = 0; at < wire.length; at += 1024) frames.push(...framer.push(wire.subarray(at, at + 1024)));
    expect(performance.now() - started).toBeLessThan(3000);
    expect(frames).toHaveLength(1);
    expect(Buffer.from(frames[0] ?? []).subarray(23, -1).equals(Buffer.from(audio))).toBe(true);
  });

  it('drops a frame cut short when a new frame starts inside it', () => {
    const frames = watchCodec.createFramer(MAX).push(bytes('[3G*1234567890*0040*UD,120316,14[3G*1234567890*0002*LK]'));
    expect(frames.map(text)).toEqual(['[3G*1234567890*0002*LK]']);
  });

  it('skips a "[" that starts no watch frame', () => {
    const frames = watchCodec.createFramer(MAX).push(bytes('[hello] [3g*1*0002*LK] [3G*1234567890*0002*LK]'));
    expect(frames.map(text)).toEqual(['[3G*1234567890*0002*LK]']);
  });
});
