import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ATTRIBUTES } from '../../server/protocols/attributes';
import { eviewCodec } from '../../server/protocols/eview';
import { encodeFirmwareUpdate } from '../../server/protocols/eview/encoder';
import { buildFrame, checkFrame } from '../../server/protocols/eview/frame';
import type { DecodedMessage } from '../../server/protocols/types';

/** The Eview decoder's refusals and edge cases, the encoder and catalogue, and the decoder under arbitrary input. */
const RECEIVED = new Date('2026-11-27T12:00:00Z');
const IMEI = '861629050625098';
const hex = (b: Uint8Array | null) => (b ? Buffer.from(b).toString('hex') : null);
const bytes = (h: string) => Uint8Array.from(Buffer.from(h, 'hex'));

/** A key record: its length (key included), key and value. */
const record = (key: number, value: number[]) => [value.length + 1, key, ...value];
const imeiRecord = (imei = IMEI) => record(0x01, Array.from(imei, (c) => c.charCodeAt(0)));
const u32 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24];
const i32 = (n: number) => u32(n >>> 0);
const u16 = (n: number) => [n & 0xff, n >> 8];

/** A device frame (acknowledgement asked for, sequence 0x0102) of a message type and its records. */
function frame(type: number, ...records: number[][]): Uint8Array {
  const f = buildFrame(Uint8Array.from([type, ...records.flat()]), 0x0102);
  f[1] = 0x10;
  return f;
}

function decoded(f: Uint8Array): DecodedMessage {
  const result = eviewCodec.decode(f, RECEIVED);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.message;
}

/** A GPS record (0x20): coordinates, 36 km/h, course 90, altitude 12, hdop 1.5, odometer 1000, 7 satellites. */
const gps = (lat: number, lon: number) => record(0x20, [...i32(Math.round(lat * 1e7)), ...i32(Math.round(lon * 1e7)), ...u16(36), ...u16(90), ...u16(12), ...u16(15), ...u32(1000), 7]);
/** A general data record (0x24): time and status (battery 55 %, charging, signal 20). */
const general = (seconds: number) => record(0x24, [...u32(seconds), ...u32((55 * 2 ** 24 + 20 * 2 ** 19 + 0x10) >>> 0)]);

describe('Eview decoder', () => {
  it('refuses what is not a whole, checked frame', () => {
    expect(eviewCodec.decode(new Uint8Array(0), RECEIVED)).toEqual({ ok: false, reason: 'not a frame' });
    expect(eviewCodec.decode(bytes('aa00010000000000ff'), RECEIVED)).toEqual({ ok: false, reason: 'not a frame' });
    const good = frame(0x01, imeiRecord());
    expect(eviewCodec.decode(good.subarray(0, good.length - 1), RECEIVED)).toEqual({ ok: false, reason: 'length mismatch' });
    const bad = good.slice();
    bad[12] = bad[12]! ^ 1;
    expect(eviewCodec.decode(bad, RECEIVED)).toEqual({ ok: false, reason: 'bad checksum' });
  });

  it('refuses a record that runs past the frame, and a device id that is not one', () => {
    expect(eviewCodec.decode(frame(0x01, imeiRecord(), [9, 0x20, 1, 2]), RECEIVED)).toEqual({ ok: false, reason: 'truncated frame' });
    expect(eviewCodec.decode(frame(0x01, record(0x01, [0x31, 0, 0x32, ...new Array<number>(12).fill(0x33)])), RECEIVED)).toEqual({ ok: false, reason: 'malformed device id' });
  });

  it('decodes a GPS report: knots, course, altitude, hdop, time, battery and charging', () => {
    const m = decoded(frame(0x01, imeiRecord(), general(1700000000), gps(47.123456, -8.5)));
    expect(m).toMatchObject({ deviceId: IMEI, type: 'data', status: null, acknowledged: null });
    expect(hex(m.reply)).toBe('ab00030008c702017f0100');
    expect(m.positions).toHaveLength(1);
    const p = m.positions[0]!;
    expect(p.fixTime.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(p.latitude).toBeCloseTo(47.123456, 5);
    expect(p.longitude).toBeCloseTo(-8.5, 5);
    expect(p.speed).toBeCloseTo(36 * 0.539957, 5);
    expect(p).toMatchObject({ valid: true, course: 90, altitude: 12, accuracy: null, battery: 55, charging: true, alarms: [], network: null });
    expect(p.attributes).toMatchObject({ hdop: 1.5, odometer: 1000, sat: 7, rssi: 20, motion: false });
  });

  it('keeps a fix with hdop 0 as invalid, and 0,0 as no place', () => {
    const noFix = record(0x20, [...i32(470000000), ...i32(85000000), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const m = decoded(frame(0x01, imeiRecord(), noFix, record(0x02, u32(1 << 12))));
    expect(m.positions[0]).toMatchObject({ valid: false, latitude: 47, longitude: 8.5, alarms: ['sos'] });
    const zero = decoded(frame(0x01, imeiRecord(), gps(0, 0), record(0x02, u32(1 << 12))));
    expect(zero.positions[0]).toMatchObject({ valid: false, latitude: null, longitude: null, alarms: ['sos'] });
  });

  it('maps the alarm bits as Traccar does, with the alarm time when no report time is given', () => {
    const bits = (1 << 0) | (1 << 1) | (1 << 2) | (1 << 4) | (1 << 26) | (1 << 5) | (1 << 8) | (1 << 9) | (1 << 10) | (1 << 12) | (1 << 13) | (1 << 14);
    const m = decoded(frame(0x01, imeiRecord(), record(0x02, [...u32(bits >>> 0), ...u32(1600000000)])));
    const p = m.positions[0]!;
    expect(p.alarms).toEqual(['lowBattery', 'overspeed', 'fallDown', 'geofenceEnter', 'geofenceExit', 'powerOff', 'powerOn', 'movement', 'sos']);
    expect(p.attributes).toMatchObject({ geofence: 2, button1: true, button2: true, event: bits >>> 0 });
    expect(p.fixTime.toISOString()).toBe('2020-09-13T12:26:40.000Z');
    expect(p.latitude).toBeNull();
  });

  it('decodes battery (level and volts), steps and heart rate without a place as the status', () => {
    const m = decoded(frame(0x01, imeiRecord(), record(0x14, [80, ...u16(3987)]), record(0x30, [...u32(0), ...u32(1234)]), record(0x40, [...u32(0), 72]), record(0x41, [...u32(0), 97])));
    expect(m.positions).toEqual([]);
    expect(m.status).toEqual({ batteryLevel: 80, battery: 3.987, steps: 1234, heartRate: 72, spO2: 97 });
  });

  it('reads cell towers (0x21, 0x29, 0x2B) and access points (0x22) into the network', () => {
    const cells = record(0x21, [...u16(228), 1, -70 & 0xff, ...u16(1234), ...u16(5678)]);
    const cells4g = record(0x2b, [...u16(228), ...u16(3), -80 & 0xff, ...u16(99), ...u32(123456789)]);
    const wifi = record(0x22, [-60 & 0xff, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0x01]);
    const p = decoded(frame(0x01, imeiRecord(), cells, cells4g, wifi)).positions[0]!;
    expect(p.network).toEqual({
      cellTowers: [
        { mobileCountryCode: 228, mobileNetworkCode: 1, locationAreaCode: 1234, cellId: 5678, signalStrength: -70 },
        { mobileCountryCode: 228, mobileNetworkCode: 3, locationAreaCode: 99, cellId: 123456789, signalStrength: -80 },
      ],
      wifiAccessPoints: [{ macAddress: 'aa:bb:cc:dd:ee:01', signalStrength: -60 }],
    });
    expect(p).toMatchObject({ valid: false, latitude: null, fixTime: RECEIVED });
  });

  it('starts a new report when a key repeats', () => {
    const m = decoded(frame(0x01, imeiRecord(), general(1700000000), gps(1, 2), general(1700000060), gps(3, 4)));
    expect(m.positions.map((p) => [p.fixTime.toISOString(), p.latitude])).toEqual([
      ['2023-11-14T22:13:20.000Z', 1],
      ['2023-11-14T22:14:20.000Z', 3],
    ]);
  });

  it('decodes data without the IMEI key as the connection device', () => {
    expect(decoded(frame(0x01, gps(1, 2))).deviceId).toBe('');
  });

  it('answers a services request for an address and the time, with the frame sequence', () => {
    const m = decoded(frame(0x03, imeiRecord(), [1, 0x11], [1, 0x12]));
    expect(hex(m.reply)).toBe('ab001200a9220201' + '030a110000000000000000000512c070096b');
    expect(checkFrame(m.reply!).ok).toBe(true);
  });

  it('sends no acknowledgement when the frame asks for none', () => {
    const f = frame(0x01, imeiRecord());
    f[1] = 0x00;
    expect(decoded(f).reply).toBeNull();
  });

  it('marks a successful command response acknowledged, not a refused one', () => {
    expect(decoded(frame(0x7f, [1, 0]))).toMatchObject({ type: 'response', acknowledged: 'response', status: { result: '0' } });
    expect(decoded(frame(0x7f, [1, 3]))).toMatchObject({ type: 'response', acknowledged: null, status: { result: '3' } });
  });

  it('decodes an unknown message type as nothing but its acknowledgement', () => {
    const m = decoded(frame(0x7e, [1, 2]));
    expect(m).toMatchObject({ type: 'firmware', positions: [], status: null, acknowledged: null });
    expect(hex(m.reply)).toBe('ab00030008c702017f0100');
    expect(decoded(frame(0x55)).type).toBe('0x55');
  });

  it('keeps a text storable: NUL padding and control characters left out', () => {
    const description = Array.from('Home\u0000\u0000', (c) => c.charCodeAt(0));
    const m = decoded(frame(0x01, imeiRecord(), record(0x23, [1, 2, 3, 4, 5, 6, ...i32(10000000), ...i32(20000000), ...description])));
    expect(m.positions[0]!.attributes).toMatchObject({ tagId: '060504030201', description: 'Home' });
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (data) => {
        expect(typeof eviewCodec.decode(data, RECEIVED).ok).toBe('boolean');
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on arbitrary checked frames of known keys, never changes them, and keeps what it decodes within bounds', () => {
    const key = fc.constantFrom(0x01, 0x02, 0x03, 0x04, 0x11, 0x12, 0x14, 0x19, 0x1f, 0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x30, 0x31, 0x37, 0x40, 0x41, 0x43, 0x44, 0x64, 0x65, 0xf0);
    const recordArb = fc.tuple(key, fc.uint8Array({ maxLength: 40 }), fc.integer({ min: -2, max: 2 })).map(([k, value, skew]) => [Math.max(0, Math.min(255, value.length + 1 + skew)), k, ...value]);
    const type = fc.constantFrom(0x01, 0x02, 0x03, 0x04, 0x7e, 0x7f, 0x00);
    fc.assert(
      fc.property(type, fc.array(recordArb, { maxLength: 30 }), fc.boolean(), (t, records, withImei) => {
        // A Buffer, as a socket gives it: decoding leaves its bytes as they were (the port may decode a frame twice).
        const bytes = Buffer.from(frame(t, ...(withImei ? [imeiRecord()] : []), ...records));
        const before = bytes.toString('hex');
        const result = eviewCodec.decode(bytes, RECEIVED);
        expect(bytes.toString('hex')).toBe(before);
        if (!result.ok) return;
        for (const p of result.message.positions) {
          if (p.latitude !== null) expect(Math.abs(p.latitude)).toBeLessThanOrEqual(90);
          if (p.longitude !== null) expect(Math.abs(p.longitude)).toBeLessThanOrEqual(180);
          expect(Number.isNaN(p.fixTime.getTime())).toBe(false);
          expect(Object.keys(p.attributes).length).toBeLessThanOrEqual(MAX_ATTRIBUTES);
          for (const value of Object.values(p.attributes)) if (typeof value === 'string') expect(value).not.toContain('\u0000');
        }
        if (result.message.reply) expect(checkFrame(result.message.reply).ok).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('Eview encoder and catalogue', () => {
  it('supports only the command Traccar encodes for it (configuration, as custom)', () => {
    expect(eviewCodec).toMatchObject({ name: 'eview', defaultPort: 5187, commands: ['custom'] });
    expect(eviewCodec.encode(IMEI, { type: 'positionSingle', attributes: {} })).toBeNull();
    expect(eviewCodec.encode(IMEI, { type: 'sosNumber', attributes: { index: 1, phone: '+41790000000' } })).toBeNull();
  });

  it('encodes custom as a configuration message: the records in hex, sequence 1', () => {
    expect(hex(eviewCodec.encode(IMEI, { type: 'custom', attributes: { data: '050e04000000' } }))).toBe('ab000700bb26010002050e04000000');
  });

  it('encodes custom without data as a request for the whole configuration (key 0xF0)', () => {
    expect(hex(eviewCodec.encode(IMEI, { type: 'custom', attributes: {} }))).toBe('ab0003004eb201000201f0');
  });

  it('refuses data that is not hex of whole bytes', () => {
    for (const data of ['0', 'zz', 'hello', '', 12]) expect(eviewCodec.encode(IMEI, { type: 'custom', attributes: { data } })).toBeNull();
  });

  it('encodes a firmware URL only when it fits and is ASCII', () => {
    expect(encodeFirmwareUpdate('')).toBeNull();
    expect(encodeFirmwareUpdate('https://ex.com/é')).toBeNull();
    expect(encodeFirmwareUpdate('https://' + 'a'.repeat(300))).toBeNull();
  });

  it('gives frames the framer and decoder accept', () => {
    const encoded = eviewCodec.encode(IMEI, { type: 'custom', attributes: { data: '01f0' } })!;
    expect(eviewCodec.createFramer(1024).push(encoded).map(hex)).toEqual([hex(encoded)]);
    expect(decoded(encoded)).toMatchObject({ type: 'configuration', reply: null });
  });
});
