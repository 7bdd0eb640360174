import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eviewCodec } from '../../server/protocols/eview';
import { buildFrame } from '../../server/protocols/eview/frame';
import type { CommandType } from '../../server/protocols/types';
import { watchCodec } from '../../server/protocols/watch';
import { DEMO_HOME } from '../../server/seed/demo';
import type { SimulatedDevice } from '../../scripts/simulate/device';
import { EviewDevice, POSITION_REQUEST } from '../../scripts/simulate/eview-device';
import { WatchDevice } from '../../scripts/simulate/watch-device';
import { startingWearer } from '../../scripts/simulate/wearer';

/**
 * Whatever the server sends (garbage, cut frames, valid frames among them, in any chunks), a
 * simulated watch never throws, and every answer it makes is a frame the server's decoder reads.
 */
const ID = '8035643809';
const IMEI = '356938035643817';
const NOW = new Date('2026-11-27T12:00:00Z');
const wearer = startingWearer(DEMO_HOME);
const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

const WATCH_COMMANDS: readonly CommandType[] = ['positionSingle', 'findDevice', 'rebootDevice', 'powerOff', 'factoryReset'];
const watchFrames = [
  ...WATCH_COMMANDS.map((type) => watchCodec.encode(ID, { type, attributes: { tag: '3G' } })!),
  watchCodec.encode(ID, { type: 'positionPeriodic', attributes: { frequency: 60 } })!,
  watchCodec.encode(ID, { type: 'sosNumber', attributes: { index: 1, phone: '4512345678' } })!,
  ascii(`[3G*${ID}*0002*LK]`),
  ascii(`[3G*${ID}*0002*AL]`),
  ascii(`[3G*${ID}*0006*INIT,1]`),
  ascii('[SG*0000000000*0002*CR]'),
];
const eviewFrames = [
  eviewCodec.encode('', { type: 'custom', attributes: {} })!,
  eviewCodec.encode('', { type: 'custom', attributes: { data: '05440a000000' } })!,
  buildFrame(Uint8Array.from([0x04, 1, POSITION_REQUEST]), 7),
  buildFrame(Uint8Array.from([0x7f, 1, 0]), 8),
  buildFrame(Uint8Array.from([0x03, 10, 0x11, 0, 0, 0, 0, 0, 0, 0, 0, 0]), 9),
  buildFrame(Uint8Array.from([0x04, 200, 0x30]), 10),
  buildFrame(Uint8Array.from([0x55]), 11),
];

/** Garbage, valid frames and pieces of them, made of the protocol's own delimiters among others. */
const streamOf = (frames: Uint8Array[], alphabet: string) =>
  fc
    .array(
      fc.oneof(
        fc.uint8Array({ maxLength: 64 }),
        fc.constantFrom(...frames),
        fc.tuple(fc.constantFrom(...frames), fc.nat()).map(([f, n]) => f.subarray(0, n % f.length)),
        fc.array(fc.constantFrom(...alphabet), { maxLength: 40 }).map((cs) => ascii(cs.join(''))),
      ),
      { maxLength: 20 },
    )
    .chain((parts) => {
      const bytes = Uint8Array.from(parts.flatMap((p) => [...p]));
      return fc.array(fc.nat({ max: bytes.length }), { maxLength: 8 }).map((cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        return [...points, bytes.length].map((p, i) => bytes.subarray(i === 0 ? 0 : points[i - 1]!, p));
      });
    });

function feed(device: SimulatedDevice, chunks: Uint8Array[]): Uint8Array[] {
  const replies: Uint8Array[] = [];
  for (const chunk of chunks) {
    const reaction = device.receive(chunk, wearer, NOW);
    replies.push(...reaction.replies);
    expect(reaction.notes.every((n) => typeof n === 'string' && !n.includes('4512345678'))).toBe(true);
  }
  return replies;
}

describe('a simulated watch under whatever the server sends', () => {
  it('3G: never throws; each answer is an echo the decoder takes as an acknowledgement', () => {
    let answers = 0;
    fc.assert(
      fc.property(streamOf(watchFrames, `[]*,}0123456789ABCDEFSG3${ID}CRLK`), (chunks) => {
        for (const reply of feed(new WatchDevice(ID), chunks)) {
          answers++;
          const decoded = watchCodec.decode(reply, NOW);
          expect(decoded.ok && decoded.message.deviceId === ID && decoded.message.acknowledged !== null).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
    expect(answers).toBeGreaterThan(100);
  });

  it('Eview: never throws; each answer is a response or configuration the decoder reads', () => {
    let answers = 0;
    fc.assert(
      fc.property(streamOf(eviewFrames, '\u00ab\u0000\u0001\u0002\u0003\u0004\u007f\u0010\u00f0'), (chunks) => {
        for (const reply of feed(new EviewDevice(IMEI, { heartbeatS: 30, uploadS: 2 }), chunks)) {
          answers++;
          const decoded = eviewCodec.decode(reply, NOW);
          expect(decoded.ok && ['response', 'configuration'].includes(decoded.message.type)).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
    expect(answers).toBeGreaterThan(100);
  });

  it('answers the valid frames of a stream cut anywhere as it answers them whole', () => {
    const stream = Uint8Array.from(watchFrames.flatMap((f) => [...f]));
    const whole = feed(new WatchDevice(ID), [stream]).map((r) => String.fromCharCode(...r));
    expect(whole).toEqual(['CR', 'FIND', 'RESET', 'POWEROFF', 'FACTORY', 'UPLOAD', 'SOS1'].map((k) => `[3G*${ID}*${k.length.toString(16).padStart(4, '0')}*${k}]`));
    fc.assert(
      fc.property(fc.array(fc.nat({ max: stream.length }), { maxLength: 12 }), (cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        const chunks = [...points, stream.length].map((p, i) => stream.subarray(i === 0 ? 0 : points[i - 1]!, p));
        expect(feed(new WatchDevice(ID), chunks).map((r) => String.fromCharCode(...r))).toEqual(whole);
      }),
    );
  });
});
