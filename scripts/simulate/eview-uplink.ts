import { ACK_REQUESTED, buildFrame } from '../../server/protocols/eview/frame';
import type { AlarmName } from './alarms';
import type { Wearer } from './wearer';

/**
 * What an Eview EV-04/05/07 sends, encoded as Traccar's Minifinder2ProtocolDecoder reads it
 * (Vigil's decoder in server/protocols/eview/ has only the server's side): a message type, then
 * key records (a length byte counting the key, the key, its value, little-endian). Framed by the
 * project's buildFrame (length, CRC-16/XMODEM, sequence).
 */

/** The alarm bits of key 0x02 as the decoder reads them (data-records.ts); Eview has no off-the-wrist bit. */
export const ALARM_BITS: Readonly<Partial<Record<AlarmName, number>>> = { fall: 2, sos: 12 };

/** The IMEI record's value: 15 ASCII characters, a shorter id padded with NUL as devices pad it. */
const IMEI_BYTES = 15;

export const u16 = (n: number): number[] => [n & 0xff, (n >>> 8) & 0xff];
export const u32 = (n: number): number[] => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
const i32 = (n: number): number[] => u32(n >>> 0);
const i16 = (n: number): number[] => u16(n & 0xffff);
const ascii = (text: string): number[] => Array.from(text, (c) => c.charCodeAt(0) & 0x7f);
const seconds = (t: Date): number => Math.floor(t.getTime() / 1000);

/** A key record: its length (the key included), the key, the value. */
export const record = (key: number, value: readonly number[]): number[] => [value.length + 1, key, ...value];

export const imeiRecord = (imei: string): number[] => record(0x01, [...ascii(imei), ...new Array<number>(Math.max(0, IMEI_BYTES - imei.length)).fill(0)].slice(0, IMEI_BYTES));

/** Battery millivolts for a percentage: 3.4 V empty to 4.2 V full. */
const millivolts = (battery: number): number => 3400 + battery * 8;

/** General data (0x24): the report's time and status word (motion bit 9, signal in bits 19-23, battery in 24-31). */
export function generalRecord(wearer: Wearer, time: Date): number[] {
  const signal = Math.min(31, Math.round((wearer.signal * 31) / 100));
  const status = wearer.battery * 2 ** 24 + signal * 2 ** 19 + (wearer.moving ? 2 ** 9 : 0);
  return record(0x24, [...u32(seconds(time)), ...u32(status)]);
}

/** GPS (0x20): latitude and longitude in 1e-7 degrees, speed km/h, course, altitude, HDOP x10 (above 0: a fix), odometer, satellites. */
export function gpsRecord(wearer: Wearer): number[] {
  return record(0x20, [
    ...i32(Math.round(wearer.lat * 1e7)),
    ...i32(Math.round(wearer.lon * 1e7)),
    ...u16(Math.round(wearer.speedKmh)),
    ...u16(Math.round(wearer.course)),
    ...i16(Math.round(wearer.altitude)),
    ...u16(9),
    ...u32(Math.round(wearer.steps * 0.75)),
    wearer.satellites,
  ]);
}

/** Battery (0x14): percent and millivolts. */
export const batteryRecord = (wearer: Wearer): number[] => record(0x14, [wearer.battery, ...u16(millivolts(wearer.battery))]);

/** Pedometer (0x30): its time and the steps. */
export const stepsRecord = (wearer: Wearer, time: Date): number[] => record(0x30, [...u32(seconds(time)), ...u32(wearer.steps)]);

/** Alarm (0x02): the alarm bits and the device time. */
export function alarmRecord(alarms: readonly AlarmName[], time: Date): number[] {
  let bits = 0;
  for (const alarm of new Set(alarms)) {
    const bit = ALARM_BITS[alarm];
    if (bit !== undefined) bits += 2 ** bit;
  }
  return record(0x02, [...u32(bits), ...u32(seconds(time))]);
}

/** A frame of content; `ackRequested` sets the properties bit that has the server acknowledge it. */
export function eviewFrame(content: readonly number[], sequence: number, ackRequested: boolean): Uint8Array {
  const frame = buildFrame(Uint8Array.from(content), sequence);
  if (ackRequested) frame[1] = ACK_REQUESTED;
  return frame;
}

export function configurationRecords(imei: string, wearer: Wearer, intervals: { heartbeatS: number; uploadS: number }): number[] {
  return [
    ...record(0x03, ascii(imei)),
    ...batteryRecord(wearer),
    // Heartbeat, upload and upload-when-still intervals in seconds.
    ...record(0x44, [...u32(intervals.heartbeatS), ...u32(intervals.uploadS), ...u32(intervals.uploadS)]),
  ];
}
