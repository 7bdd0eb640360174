import { frameCommand } from '../../server/protocols/watch/encoder';
import type { AlarmName } from './alarms';
import type { Wearer } from './wearer';

/**
 * What a 3G/SeTracker watch sends, encoded as Traccar's WatchProtocolDecoder reads it (Vigil's
 * decoder in server/protocols/watch/ has only the server's side): `[3G*ID*LEN*CONTENT]`, framed
 * by the project's encoder with the watch's own tag.
 */
const UPLINK = { tag: '3G', hasIndex: false } as const;

/** The status word's bits as the decoder reads them (server/protocols/watch/position.ts). */
export const STATUS_BITS: Readonly<Record<AlarmName, number>> = { sos: 16, offWrist: 20, fall: 21 };
const MOTION_BIT = 4;

/** One serving cell, Danish (MCC 238, MNC 1): a real watch lists the cells it hears after the fix. */
const CELL = { timingAdvance: 255, mcc: 238, mnc: 1, lac: 2101, cid: 34567, rssi: 60 };

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const two = (n: number) => String(n).padStart(2, '0');

export function watchFrame(id: string, content: string): Uint8Array {
  return frameCommand(id, ascii(content), UPLINK);
}

/** The status word: motion while walking, and a bit per alarm. */
export function statusWord(wearer: Wearer, alarms: readonly AlarmName[]): number {
  let word = wearer.moving ? 2 ** MOTION_BIT : 0;
  for (const alarm of new Set(alarms)) word += 2 ** STATUS_BITS[alarm];
  return word;
}

/** The heartbeat: `LK,steps,rolls,battery`. */
export const heartbeatContent = (wearer: Wearer): string => `LK,${wearer.steps},${wearer.rolls},${wearer.battery}`;

/**
 * A position (`UD`) or an alarm (`AL`): date ddMMyy, time HHmmss (UTC), A (a GPS fix), latitude,
 * N/S, longitude, E/W, speed km/h, course, altitude, satellites, signal, battery, steps, rolls,
 * the status word in hex, then one cell (count, timing advance, MCC, MNC, LAC, CID, signal) and
 * no Wi-Fi (count 0).
 */
export function positionContent(type: 'UD' | 'AL', wearer: Wearer, fixTime: Date, status: number): string {
  const t = fixTime;
  const date = `${two(t.getUTCDate())}${two(t.getUTCMonth() + 1)}${two(t.getUTCFullYear() % 100)}`;
  const time = `${two(t.getUTCHours())}${two(t.getUTCMinutes())}${two(t.getUTCSeconds())}`;
  return [
    type,
    date,
    time,
    'A',
    Math.abs(wearer.lat).toFixed(6),
    wearer.lat < 0 ? 'S' : 'N',
    Math.abs(wearer.lon).toFixed(6),
    wearer.lon < 0 ? 'W' : 'E',
    wearer.speedKmh.toFixed(2),
    wearer.course.toFixed(1),
    wearer.altitude.toFixed(1),
    wearer.satellites,
    wearer.signal,
    wearer.battery,
    wearer.steps,
    wearer.rolls,
    status.toString(16).padStart(8, '0'),
    1,
    CELL.timingAdvance,
    CELL.mcc,
    CELL.mnc,
    CELL.lac,
    CELL.cid,
    CELL.rssi,
    0,
  ].join(',');
}
