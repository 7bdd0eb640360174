import { describe, expect, it } from 'vitest';
import type { DecodedMessage } from '../../server/protocols/types';
import { watchCodec } from '../../server/protocols/watch';
import { DECODER_SAMPLES, DECODER_SOURCE, type DecoderSample } from '../fixtures/protocols/watch/traccar-decoder-samples';

/**
 * Traccar's WatchProtocolDecoderTest, sample by sample: what Vigil keeps of each (see the fixture's source).
 * Where Vigil differs from Traccar on purpose, the fixture's `expect` says so and this is why:
 * - a fix marked invalid (V) at exactly 0,0 has no place (latitude/longitude null): Traccar stores 0,0,
 *   which would show a person with dementia in the Gulf of Guinea;
 * - every alarm bit of the status word is kept (Traccar keeps the first only: a low battery would hide an SOS);
 * - LK and vital signs are the watch's status, not a position (Traccar copies the last position for them),
 *   LK also keeps its rolls, and blood pressure is a number (Traccar keeps the text);
 * - a voice message (TK, JXTK) or a picture is not stored: Vigil keeps no media.
 */

const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const frameOf = (sample: DecoderSample) => (sample.frame !== undefined ? bytes(sample.frame) : Uint8Array.from(Buffer.from(sample.frameHex ?? '', 'hex')));
const text = (reply: Uint8Array | null) => (reply === null ? null : String.fromCharCode(...reply));
const KNOTS_PER_KPH = 0.539957;

function decoded(frame: Uint8Array): DecodedMessage {
  const result = watchCodec.decode(frame, new Date());
  if (!result.ok) throw new Error(result.reason);
  return result.message;
}

describe(`watch decoder: every sample of ${DECODER_SOURCE.path} (${DECODER_SOURCE.commit})`, () => {
  it('covers all 50 of Traccar’s samples', () => {
    expect(DECODER_SAMPLES).toHaveLength(50);
  });

  describe.each(DECODER_SAMPLES.map((s) => [`line ${s.line}: ${s.expect.type}`, s] as const))('%s', (_, sample) => {
    const message = decoded(frameOf(sample));
    const want = sample.expect;

    it('reads the frame, answers it with Traccar’s exact bytes', () => {
      expect(message.deviceId).toBe(want.deviceId);
      expect(message.type).toBe(want.type);
      expect(text(message.reply)).toBe(want.reply);
      expect(message.acknowledged).toBe(want.acknowledged);
      expect(message.status).toEqual(want.status);
    });

    it('keeps the position: time, place, speed, course, battery, alarms, network', () => {
      expect(message.positions).toHaveLength(want.positions.length);
      want.positions.forEach((p, i) => {
        const got = message.positions[i];
        if (!got) throw new Error('no position');
        expect(got.fixTime.toISOString()).toBe(p.time);
        expect(got.valid).toBe(p.valid);
        if (p.latitude === null) expect(got.latitude).toBeNull();
        else expect(got.latitude).toBeCloseTo(p.latitude, 5);
        if (p.longitude === null) expect(got.longitude).toBeNull();
        else expect(got.longitude).toBeCloseTo(p.longitude, 5);
        expect(got.speed).toBeCloseTo(p.speedKmh * KNOTS_PER_KPH, 6);
        expect(got.course).toBe(p.course);
        expect(got.altitude).toBe(p.altitude);
        expect(got.battery).toBe(p.battery);
        expect(got.alarms).toEqual(p.alarms);
        expect(got.attributes).toMatchObject({ sat: p.satellites, rssi: p.rssi, steps: p.steps, status: p.status });
        expect(got.network).toEqual(p.network);
      });
    });

    // Traccar's verifyNull: no position; Vigil keeps no status either (the frame stays in the message ring).
    if (sample.check === 'verifyNull') {
      it('gives no position and no status, as Traccar gives nothing', () => {
        expect(message.positions).toEqual([]);
        expect(message.status).toBeNull();
      });
    }
    if (sample.check === 'verifyPosition') {
      it('gives a position, as Traccar does', () => expect(message.positions).toHaveLength(1));
    }
    if (sample.check === 'verifyAttributes' && sample.expect.type !== 'LK') {
      it('gives the vital signs as the status, as Traccar gives them as attributes', () => expect(Object.keys(message.status ?? {}).length).toBeGreaterThan(0));
    }
    if (sample.check === 'verifyAttributes' && sample.expect.type === 'LK') {
      // Traccar puts steps and battery on a copy of the last position; Vigil keeps them as the status.
      it('gives steps and battery as the status', () => expect(message.status).toMatchObject({ steps: 0, batteryLevel: 100 }));
    }

    const asserts = sample.asserts;
    if (asserts?.position) {
      const p = asserts.position;
      it('matches Traccar’s asserted time, validity and place', () => {
        const got = message.positions[0];
        expect(got?.fixTime.toISOString()).toBe(p.time);
        expect(got?.valid).toBe(p.valid);
        expect(got?.latitude).toBeCloseTo(p.latitude, 5);
        expect(got?.longitude).toBeCloseTo(p.longitude, 5);
      });
    }
    if (asserts?.alarm) {
      const alarm = asserts.alarm;
      it(`raises Traccar’s alarm ${alarm}`, () => expect(message.positions[0]?.alarms).toContain(alarm));
    }
    if (asserts?.attribute) {
      const [key, value] = asserts.attribute;
      // Traccar sets it on a position at the last place; Vigil keeps it as the watch's status.
      it(`gives Traccar’s ${key} = ${value}`, () => expect(message.status?.[key]).toBe(value));
    }
    if (asserts?.audio) {
      // Traccar stores the voice message as a file; Vigil keeps no audio: the frame is only kept in the ring.
      it('keeps a voice message as a message without position or reply', () => {
        expect(message.positions).toEqual([]);
        expect(message.reply).toBeNull();
      });
    }
  });
});
