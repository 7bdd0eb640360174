import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AttributeValue, CellTower, WifiAccessPoint } from '../../server/protocols/types';
import { eviewCodec, MAX_FRAME_BYTES } from '../../server/protocols/eview';
import { crc16Xmodem } from '../../server/protocols/eview/crc16';
import { encodeFirmwareUpdate } from '../../server/protocols/eview/encoder';
import type { DecodedMessage, DecodedPosition } from '../../server/protocols/types';

/**
 * Every sample of Traccar's Minifinder2 decoder and encoder tests (the fixtures name the file and
 * commit), decoded or encoded by Vigil's Eview codec, with what Vigil keeps of each. Traccar has no
 * frame decoder test for this protocol (it frames with Netty's LengthFieldBasedFrameDecoder).
 *
 * How Vigil's message differs from Traccar's positions, on purpose:
 * - Traccar makes a position of every report and fills one without a fix from the last known
 *   location; Vigil keeps a report as a position only when it has a place (coordinates, cell
 *   towers, Wi-Fi) or an alarm, and merges the others (battery, steps, barking, ...) into the
 *   message's status. So a value Traccar asserts on its first position may be in the status.
 * - batteryLevel is the position's `battery`; the status-register charge bit is `charging`
 *   (false too, where Traccar sets `charge` only when true); the alarm codes are `alarms`.
 * - A frame that names no device (configuration, response, system control) has deviceId '': the
 *   connection's device.
 */
interface Sample {
  id: number;
  traccar: string;
  hex: string;
}
interface Fixture {
  source: { repository: string; file: string; commit: string };
  samples: Sample[];
}
const load = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/protocols/eview/${name}`, import.meta.url), 'utf8')) as Fixture;
const decoderFixture = load('traccar-minifinder2-decoder.json');
const encoderFixture = load('traccar-minifinder2-encoder.json');

/** Fixed, so the services answer (the time) is exact. 2026-11-27T12:00:00Z is 0x6B0970C0. */
const RECEIVED = new Date('2026-11-27T12:00:00Z');
const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));
const toHex = (b: Uint8Array | null) => (b ? Buffer.from(b).toString('hex') : null);

/** The acknowledgement Traccar sends a data frame: response 7F, key length 1, result 0, the frame's sequence. */
const ack = (sequence: string) => `ab00030008c7${sequence}7f0100`;

interface PositionExpectation {
  time: string;
  valid: boolean;
  latitude?: number | null;
  longitude?: number | null;
  /** Knots. */
  speed?: number | null;
  course?: number | null;
  altitude?: number | null;
  battery: number | null;
  charging: boolean | null;
  alarms?: string[];
  attributes?: Record<string, AttributeValue>;
  cells?: number;
  wifi?: number;
  firstCell?: CellTower;
  firstWifi?: WifiAccessPoint;
}
interface Expectation {
  deviceId: string;
  type: string;
  reply: string | null;
  acknowledged?: string | null;
  positions: number;
  first?: PositionExpectation;
  last?: PositionExpectation;
  /** Every alarm of the message's positions, in order. */
  alarms?: string[];
  status?: Record<string, AttributeValue> | null;
}

function expectPosition(p: DecodedPosition, e: PositionExpectation): void {
  expect(p.fixTime.toISOString()).toBe(e.time);
  expect(p.valid).toBe(e.valid);
  for (const key of ['latitude', 'longitude', 'speed'] as const) {
    const want = e[key];
    if (want === undefined) continue;
    if (want === null) expect(p[key]).toBeNull();
    else expect(p[key]).toBeCloseTo(want, 5);
  }
  if (e.course !== undefined) expect(p.course).toBe(e.course);
  if (e.altitude !== undefined) expect(p.altitude).toBe(e.altitude);
  expect(p.battery).toBe(e.battery);
  expect(p.charging).toBe(e.charging);
  expect(p.alarms).toEqual(e.alarms ?? []);
  if (e.attributes) expect(p.attributes).toMatchObject(e.attributes);
  expect(p.network?.cellTowers?.length ?? 0).toBe(e.cells ?? 0);
  expect(p.network?.wifiAccessPoints?.length ?? 0).toBe(e.wifi ?? 0);
  if (e.firstCell) expect(p.network?.cellTowers?.[0]).toEqual(e.firstCell);
  if (e.firstWifi) expect(p.network?.wifiAccessPoints?.[0]).toEqual(e.firstWifi);
}

const EXPECTED: Record<number, Expectation> = {
  // Sample 1 has a checksum that does not match its content (aa39; the content's is a7de): refused,
  // see the test below; with its checksum corrected it decodes to Traccar's description.
  2: {
    deviceId: '862221087780481',
    type: 'data',
    reply: ack('0801'),
    positions: 1,
    // Key 0x23: a tag's place and description; key 0x02 bit 12: SOS.
    first: { time: '2026-06-01T16:48:16.000Z', valid: true, latitude: 56.877579, longitude: 14.780541, battery: 100, charging: false, alarms: ['sos'], attributes: { tagId: 'e04814539bc6', description: 'MiniFinder HQ', event: 4096, rssi: 31, motion: false } },
  },
  3: {
    deviceId: '862771076878340',
    type: 'data',
    reply: ack('2800'),
    positions: 1,
    // Three beacons (0x2C) stay in one report, numbered.
    first: { time: '2026-03-12T12:15:42.000Z', valid: true, latitude: 56.8773866, longitude: 14.7806586, speed: 0, course: 286, altitude: 166, battery: 43, charging: false, attributes: { hdop: 0.5, sat: 22, odometer: 0, tagId1: 'f71d819946d1', tagRssi1: -42, tagBattery1: 100, tagId3: 'c8cf897f2f0a', tagRssi3: -52 } },
  },
  4: {
    deviceId: '862311067867117',
    type: 'data',
    reply: ack('dd01'),
    positions: 1,
    // tagTemp1: 24.1 °C where Traccar reads -384 (big-endian); see data-records.ts.
    first: { time: '2025-03-21T10:59:36.000Z', valid: true, latitude: 56.940742, longitude: 14.814442, battery: 71, charging: true, attributes: { tagId1: 'fdd417284487', tagRssi1: -47, tag1mRssi1: -61, tagBattery1: 100, description1: 'Oboy', tagTemp1: 24.1 } },
  },
  5: {
    deviceId: '862311069162475',
    type: 'data',
    reply: ack('0500'),
    positions: 1,
    // Key 0x19: access points with their names.
    first: { time: '2025-03-20T15:25:38.000Z', valid: false, latitude: null, longitude: null, battery: 51, charging: true, wifi: 5, firstWifi: { macAddress: '04:92:26:3a:35:68', signalStrength: -60 } },
  },
  6: {
    deviceId: '861629050625015',
    type: 'data',
    reply: ack('4c01'),
    positions: 8,
    first: { time: '2024-08-16T17:45:38.000Z', valid: false, latitude: null, battery: 74, charging: false, attributes: { archive: true }, cells: 1, wifi: 5, firstCell: { mobileCountryCode: 238, mobileNetworkCode: 1, locationAreaCode: 3300, cellId: 13181806, signalStrength: 14 }, firstWifi: { macAddress: '74:ac:b9:b4:65:ba', signalStrength: -70 } },
    last: { time: '2024-08-16T18:27:49.000Z', valid: false, latitude: null, battery: 73, charging: false, cells: 1, wifi: 5, firstWifi: { macAddress: '18:e8:29:e7:73:70', signalStrength: -73 } },
  },
  7: {
    deviceId: '862311062707375',
    type: 'data',
    reply: ack('9404'),
    positions: 28,
    first: { time: '2023-08-28T15:55:01.000Z', valid: false, latitude: null, battery: 94, charging: false, attributes: { barkStop: true, barkCount: 0 }, wifi: 2, firstWifi: { macAddress: '18:d6:c7:ba:ac:d6', signalStrength: -93 } },
    last: { time: '2023-08-29T05:56:54.000Z', valid: false, latitude: null, battery: 83, charging: false, wifi: 2, firstWifi: { macAddress: '02:18:4a:2c:fb:a0', signalStrength: -91 } },
    // Reports without a place (barking, status) merge into the status, the latest winning.
    status: { barkCount: 8, bark: true, event: 2147483648, batteryLevel: 83, charge: false },
  },
  8: {
    deviceId: '862311065495895',
    type: 'configuration',
    reply: null,
    acknowledged: 'configuration',
    positions: 0,
    // Read little-endian where Traccar reads big-endian: its port would be 17172, its battery
    // 41.486 V and its intervals 234946688/83886080/269352960 (see configuration.ts).
    status: {
      imei: '862311065495895',
      iccid: '89462038075001880404',
      bleMac: '39eed3f9cec7',
      deviceName: 'MF07X',
      firmware: 'MF07.4610.2303',
      gsmModule: 'SIM7500E|B11V02_210303|P1.02_20221104',
      gpsUrl: 'www.google.com/maps?q=%.7f,%.7f',
      lbsUrl: 'https://loc.minifinder.com/%s/%s',
      apn: 'm2m.tele2.com',
      server: 'hunterdev.minifinder.com',
      port: 5187,
      timeZone: 4,
      batteryLevel: 4,
      battery: 3.746,
      settingTime: 1705481039,
      runTimes: 2817,
      uploadInterval: 5,
      uploadLazyInterval: 3600,
      motionAlert: 300,
      agpsLatitude: 56.8774186,
      agpsLongitude: 14.7809833,
      number0: '',
      phoneSwitches: 130,
    },
  },
  9: {
    deviceId: '863921039996080',
    type: 'data',
    reply: ack('1e00'),
    positions: 0,
    // Traccar: barkCount 12 on its (placeless) position; Vigil: in the status.
    status: { barkCount: 12 },
  },
  10: {
    deviceId: '',
    type: 'response',
    reply: null,
    acknowledged: 'response',
    positions: 0,
    // Traccar: result "0".
    status: { result: '0' },
  },
  11: {
    deviceId: '',
    type: 'systemControl',
    reply: null,
    acknowledged: 'systemControl',
    positions: 0,
    // Traccar: result "test".
    status: { result: 'test' },
  },
  12: {
    deviceId: '863921039983476',
    type: 'data',
    reply: ack('1400'),
    positions: 0,
    // Traccar: bark true (alarm bit 31), on its placeless position; Vigil: in the status.
    status: { bark: true, event: 2147483648, batteryLevel: 100, charge: true, rssi: 21, motion: true },
  },
  13: {
    deviceId: '867730053403279',
    type: 'data',
    reply: ack('0000'),
    positions: 1,
    // 45 km/h is 24.298 knots.
    first: { time: '2022-05-17T08:07:08.000Z', valid: true, latitude: 22.4382, longitude: 114.05236, speed: 24.298065, course: 175, altitude: 12634, battery: 80, charging: false, attributes: { hdop: 8.8, sat: 11, odometer: 2669, activity1Time: 1652774892, activity1: 10 } },
  },
  14: {
    deviceId: '863921033865216',
    type: 'data',
    reply: ack('5901'),
    positions: 1,
    // Key 0x2A: the place of a known access point.
    first: { time: '2021-08-10T08:36:02.000Z', valid: true, latitude: 55.3824, longitude: -7.37169, battery: 90, charging: false, attributes: { description: 'TaskLMS' } },
  },
  15: {
    deviceId: '355465071029306',
    type: 'services',
    // A services request without key 0x11 or 0x12: the plain response.
    reply: ack('3200'),
    positions: 0,
    status: null,
  },
  16: {
    deviceId: '863922034473745',
    type: 'services',
    // Key 0x12 asks for the time: services answer 03, key 0x12, the reception time (Traccar: its clock).
    reply: 'ab000700a3d70100030512c070096b',
    positions: 0,
    status: null,
  },
  17: {
    deviceId: '868832047021362',
    type: 'data',
    reply: ack('0201'),
    positions: 1,
    first: { time: '2021-01-29T13:19:54.000Z', valid: true, latitude: 57.468589, longitude: 11.980717, battery: 100, charging: true, attributes: { tagId1: 'e59b30ba793a', tagRssi1: -34, tag1mRssi1: -61, description1: 'gbg', archive: true } },
  },
  18: {
    deviceId: '868832047007825',
    type: 'data',
    reply: ack('0701'),
    positions: 1,
    first: { time: '2020-12-23T11:57:22.000Z', valid: false, latitude: null, battery: 49, charging: false, wifi: 6, firstWifi: { macAddress: '78:94:b4:b8:69:56', signalStrength: -68 } },
  },
  19: {
    deviceId: '861629050000896',
    type: 'data',
    reply: ack('4003'),
    positions: 28,
    first: { time: '2010-01-01T00:11:06.000Z', valid: false, latitude: null, battery: 80, charging: false, wifi: 9, firstWifi: { macAddress: '60:3a:7c:f0:7c:26', signalStrength: -54 } },
    last: { time: '2020-10-16T07:56:37.000Z', valid: true, latitude: 47.4035383, longitude: 18.91428, speed: 0, course: 248, altitude: 210, battery: 99, charging: true, attributes: { hdop: 0.4, sat: 0 } },
    alarms: ['sos'],
    status: { batteryLevel: 81, charge: false },
  },
  20: {
    deviceId: '865068040000128',
    type: 'data',
    reply: ack('1a0c'),
    positions: 29,
    first: { time: '2020-09-11T16:41:54.000Z', valid: true, latitude: 33.2388824, longitude: -96.6837464, speed: 0.539957, course: 0, altitude: 1764, battery: 65, charging: false, attributes: { hdop: 8.5, sat: 11, odometer: 82092 } },
    last: { time: '2020-09-11T16:46:34.000Z', valid: true, latitude: 33.238842, longitude: -96.683788, speed: 0, course: 0, altitude: 1957, battery: 65, charging: false, attributes: { hdop: 8.2, odometer: 82825 } },
  },
  21: {
    deviceId: '863921031511960',
    type: 'data',
    reply: ack('3602'),
    positions: 8,
    first: { time: '2020-09-02T06:06:19.000Z', valid: false, latitude: null, battery: 100, charging: true, wifi: 15, firstWifi: { macAddress: '6c:e8:73:a3:ee:50', signalStrength: -89 } },
    last: { time: '2020-09-02T06:07:18.000Z', valid: false, latitude: null, battery: 100, charging: true, wifi: 15 },
  },
  22: {
    deviceId: '865209036340025',
    type: 'data',
    reply: ack('9742'),
    positions: 0,
    status: { activity1Time: 1573506900, activity1: 10, activity2Time: 1573507200, activity2: 10 },
  },
  23: {
    deviceId: '355465071029306',
    type: 'data',
    reply: ack('3300'),
    positions: 1,
    first: { time: '2019-07-09T14:03:32.000Z', valid: true, latitude: 50.7232486, longitude: 7.1460851, speed: 0, course: 0, altitude: 682, battery: 32, charging: false, attributes: { steps: 289, hdop: 10.9, sat: 16, odometer: 3785, rssi: 11 } },
  },
  24: {
    deviceId: '358688000003802',
    type: 'data',
    reply: ack('3703'),
    positions: 1,
    // An SOS without a fix: kept as a position (cell towers, no coordinates) so the alarm is raised.
    first: { time: '2019-04-16T08:29:15.000Z', valid: false, latitude: null, longitude: null, battery: 97, charging: false, alarms: ['sos'], attributes: { event: 4096 }, cells: 6, firstCell: { mobileCountryCode: 202, mobileNetworkCode: 5, locationAreaCode: 74, cellId: 50012, signalStrength: 11 } },
  },
  25: {
    deviceId: '358688000003802',
    type: 'data',
    reply: ack('8b03'),
    positions: 1,
    first: { time: '2019-03-14T20:44:56.000Z', valid: false, latitude: null, battery: 19, charging: false, alarms: ['lowBattery'], attributes: { event: 1 }, wifi: 8, firstWifi: { macAddress: '92:3b:ad:10:f7:94', signalStrength: -54 } },
  },
  26: {
    deviceId: '358688000003802',
    type: 'data',
    reply: ack('8903'),
    positions: 20,
    first: { time: '2019-03-14T10:15:21.000Z', valid: false, latitude: null, battery: 57, charging: true, cells: 6, firstCell: { mobileCountryCode: 202, mobileNetworkCode: 5, locationAreaCode: 74, cellId: 50013, signalStrength: 21 } },
    last: { time: '2019-03-14T11:49:24.000Z', valid: false, latitude: null, battery: 99, charging: false, cells: 6, firstCell: { mobileCountryCode: 202, mobileNetworkCode: 5, locationAreaCode: 74, cellId: 50012, signalStrength: 22 } },
  },
};

function decoded(hex: string): DecodedMessage {
  const result = eviewCodec.decode(bytes(hex), RECEIVED);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.message;
}

describe('Eview codec: Traccar Minifinder2 decoder samples', () => {
  it('names its source and holds every sample of the test', () => {
    expect(decoderFixture.source).toMatchObject({ repository: 'traccar/traccar', file: 'src/test/java/org/traccar/protocol/Minifinder2ProtocolDecoderTest.java', commit: '17e7a330e8a07896f000898b37dc770f2df3c142' });
    expect(decoderFixture.samples.map((s) => s.id)).toEqual(Array.from({ length: 26 }, (_, i) => i + 1));
    // Every sample but the first has an expectation here.
    expect(Object.keys(EXPECTED).map(Number)).toEqual(decoderFixture.samples.slice(1).map((s) => s.id));
  });

  it.each(decoderFixture.samples.filter((s) => EXPECTED[s.id]))('sample $id ($traccar)', (sample) => {
    const e = EXPECTED[sample.id]!;
    const m = decoded(sample.hex);
    expect(m.deviceId).toBe(e.deviceId);
    expect(m.type).toBe(e.type);
    expect(toHex(m.reply)).toBe(e.reply);
    expect(m.acknowledged).toBe(e.acknowledged ?? null);
    expect(m.positions).toHaveLength(e.positions);
    if (e.first) expectPosition(m.positions[0]!, e.first);
    if (e.last) expectPosition(m.positions.at(-1)!, e.last);
    expect(m.positions.flatMap((p) => p.alarms)).toEqual(e.alarms ?? (e.first?.alarms ?? []));
    if (e.status === null) expect(m.status).toBeNull();
    else if (e.status) expect(m.status).toMatchObject(e.status);
    // What Traccar's verifyPositions checks of every position, where Vigil has the value.
    for (const p of m.positions) {
      expect(p.fixTime.getTime()).toBeGreaterThan(Date.UTC(1999, 0, 1));
      if (p.latitude !== null) expect(Math.abs(p.latitude)).toBeLessThanOrEqual(90);
      if (p.longitude !== null) expect(Math.abs(p.longitude)).toBeLessThanOrEqual(180);
      if (p.speed !== null) expect(p.speed).toBeGreaterThanOrEqual(0);
      if (p.course !== null) expect(p.course).toBeLessThanOrEqual(360);
      if (p.altitude !== null) expect(p.altitude).toBeLessThanOrEqual(18000);
      for (const key of ['hdop', 'sat', 'rssi', 'odometer']) if (key in p.attributes) expect(typeof p.attributes[key]).toBe('number');
    }
  });

  it('sample 1 (Traccar: description "Place1") is refused for its checksum, and decodes once the checksum is right', () => {
    const sample = decoderFixture.samples[0]!;
    // Traccar does not check the checksum; Vigil refuses a frame whose content does not match it.
    expect(eviewCodec.decode(bytes(sample.hex), RECEIVED)).toEqual({ ok: false, reason: 'bad checksum' });
    const frame = bytes(sample.hex);
    const crc = crc16Xmodem(frame.subarray(8));
    frame[4] = crc & 0xff;
    frame[5] = crc >> 8;
    const m = decoded(Buffer.from(frame).toString('hex'));
    expect(m.deviceId).toBe('861629050625098');
    // Key 0x2A without coordinates: no place, so the description is in the status.
    expect(m.positions).toEqual([]);
    expect(m.status).toMatchObject({ description: 'Place1' });
    expect(toHex(m.reply)).toBe(ack('c602'));
  });

  it('the framer cuts every sample (the first aside) from one stream, unchanged', () => {
    const valid = decoderFixture.samples.slice(1).map((s) => bytes(s.hex));
    const stream = Buffer.concat(valid.map((f) => Buffer.from(f)));
    const framer = eviewCodec.createFramer(MAX_FRAME_BYTES);
    const frames = framer.push(Uint8Array.from(stream));
    expect(frames.map(toHex)).toEqual(valid.map(toHex));
    expect(framer.buffered).toBe(0);
  });
});

describe('Eview codec: Traccar Minifinder2 encoder samples', () => {
  it('names its source', () => {
    expect(encoderFixture.source).toMatchObject({ repository: 'traccar/traccar', file: 'src/test/java/org/traccar/protocol/Minifinder2ProtocolEncoderTest.java', commit: 'efd9e261791942334dbf4a911883a1b2b791f282' });
    expect(encoderFixture.samples).toHaveLength(1);
  });

  it('sample 1: the Nano firmware update to https://example.com', () => {
    // Vigil has no firmwareUpdate command type (server/protocols/types.ts), so this is not in the
    // catalogue: encodeFirmwareUpdate encodes it as Traccar does, for when it has one.
    expect(toHex(encodeFirmwareUpdate('https://example.com'))).toBe(encoderFixture.samples[0]!.hex);
    expect(eviewCodec.commands).not.toContain('firmwareUpdate');
  });
});
