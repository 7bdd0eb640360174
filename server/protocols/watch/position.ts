import type { CellTower, DecodedPosition, Network, WifiAccessPoint } from '../types';
import { containsHex, javaInt, splitValues } from './values';

/**
 * The position in UD, UD2, UD3, UD_LTE, UD_WCDMA, WT and AL... frames, read as Traccar's
 * WatchProtocolDecoder reads it: date, time, validity, latitude and longitude with their hemisphere,
 * speed (km/h), course, altitude, satellites, signal, battery, steps, tumbles, the status word, then
 * cell towers and Wi-Fi access points.
 */
const POSITION = new RegExp(
  [
    '^(\\d\\d)(\\d\\d)(\\d\\d)', // date (ddmmyy)
    '(\\d\\d)(\\d\\d)(\\d\\d)', // time (hhmmss)
    '([AV])', // validity
    ' *(-?\\d+\\.?\\d*)', // latitude
    '([NS])?',
    ' *(-?\\d+\\.?\\d*)', // longitude
    '([EW])?',
    '(\\d+\\.?\\d*)', // speed
    '(\\d+\\.?\\d*)', // course
    '(-?\\d+\\.?\\d*)', // altitude
    '(\\d+)', // satellites
    '(\\d+)', // rssi
    '(\\d+)', // battery
    '(\\d+)', // steps
    '\\d+', // tumbles
    '([0-9a-fA-F]+)', // status
    '(.*)$', // cells and Wi-Fi
  ].join(','),
  's', // as Traccar's PatternBuilder (DOTALL)
);

/** Traccar's UnitsConverter.knotsFromKph ratio. */
const KNOTS_PER_KPH = 0.539957;

/** The status word's alarm bits, in the order Traccar's decodeAlarm tests them. */
const ALARM_BITS: readonly (readonly [number, string])[] = [
  [0, 'lowBattery'],
  [1, 'geofenceExit'],
  [2, 'geofenceEnter'],
  [14, 'powerCut'],
  [16, 'sos'],
  [17, 'lowBattery'],
  [18, 'geofenceExit'],
  [19, 'geofenceEnter'],
  [20, 'removing'],
  [21, 'fallDown'],
  [22, 'fallDown'],
];
const MOTION_BIT = 4;

const bit = (word: number, n: number) => Math.floor(word / 2 ** n) % 2 === 1;

/**
 * The alarm codes of the status word. Traccar keeps only the first bit set; Vigil keeps every one,
 * on purpose: a low battery must not hide an SOS or a fall raised in the same frame.
 */
export function statusAlarms(word: number): string[] {
  return [...new Set(ALARM_BITS.filter(([n]) => bit(word, n)).map(([, code]) => code))];
}

/** Traccar's DEG_HEM: the hemisphere S or W makes the value negative; a signed value stays as it is otherwise. */
function coordinate(value: string | undefined, hemisphere: string | undefined): number {
  const n = Number(value);
  return hemisphere === 'S' || hemisphere === 'W' ? -Math.abs(n) : n;
}

class Malformed extends Error {}
const int = (value: string | undefined, radix: 10 | 16 = 10): number => {
  const n = javaInt(value, radix);
  if (n === null) throw new Malformed();
  return n;
};
/** Traccar reads LAC and CID as hex when they hold a hex letter. */
const cellNumber = (value: string | undefined) => int(value, value !== undefined && containsHex(value) ? 16 : 10);

/** Cells then Wi-Fi, as Traccar reads them (the access point's name is skipped, as Traccar does). */
function readNetwork(values: string[]): Network | null {
  const cellTowers: CellTower[] = [];
  const wifiAccessPoints: WifiAccessPoint[] = [];
  let index = 0;
  const cellCount = int(values[index++]);
  if (cellCount > 0) {
    index += 1; // timing advance
    const mcc = values[index] !== '' ? int(values[index++]) : 0;
    const mnc = values[index] !== '' ? int(values[index++]) : 0;
    for (let i = 0; i < cellCount; i++) {
      const tower: CellTower = { mobileCountryCode: mcc, mobileNetworkCode: mnc, locationAreaCode: cellNumber(values[index++]), cellId: cellNumber(values[index++]) };
      const rssi = values[index++];
      if (rssi === undefined) throw new Malformed();
      if (rssi !== '') tower.signalStrength = int(rssi);
      cellTowers.push(tower);
    }
  }
  if (index < values.length && values[index] !== '') {
    const wifiCount = int(values[index++]);
    for (let i = 0; i < wifiCount; i++) {
      index += 1; // the access point's name
      const mac = values[index++];
      const rssi = values[index++];
      if (mac === undefined || rssi === undefined) throw new Malformed();
      if (mac !== '' && mac !== '0' && rssi !== '') wifiAccessPoints.push({ macAddress: mac, signalStrength: int(rssi) });
    }
  }
  if (cellTowers.length === 0 && wifiAccessPoints.length === 0) return null;
  return { ...(cellTowers.length > 0 && { cellTowers }), ...(wifiAccessPoints.length > 0 && { wifiAccessPoints }) };
}

/**
 * The position of a UD/AL/WT frame's body, or null when it does not read as one (Traccar returns
 * no position then). Differences from Traccar, on purpose: a fix marked invalid at exactly 0,0
 * has no place (latitude and longitude null) rather than a point in the Gulf of Guinea; a position
 * outside ±90/±180 is no position; a cell/Wi-Fi tail that does not parse leaves the position
 * without a network rather than losing the position.
 */
export function readPosition(body: string): DecodedPosition | null {
  const m = POSITION.exec(body);
  if (!m) return null;
  const [, day, month, year, hour, minute, second, validity, lat, latHem, lon, lonHem, speed, course, altitude, satellites, rssi, battery, steps, status, tail] = m;
  const fixTime = new Date(Date.UTC(2000 + Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)));
  if (fixTime.getUTCDate() !== Number(day) || fixTime.getUTCMonth() !== Number(month) - 1 || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  const valid = validity === 'A';
  const latitude = coordinate(lat, latHem);
  const longitude = coordinate(lon, lonHem);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const noPlace = !valid && latitude === 0 && longitude === 0;
  const word = Number.parseInt(status ?? '0', 16);
  const attributes: DecodedPosition['attributes'] = { sat: Number(satellites), rssi: Number(rssi), steps: Number(steps), status: word };
  if (bit(word, MOTION_BIT)) attributes.motion = true;
  let network: Network | null = null;
  try {
    const values = splitValues(tail ?? '');
    // Traccar skips the tail when its fourth value holds a hex letter (an MNC of FFFF: no cell).
    if (values.length < 4 || !containsHex(values[3] ?? '')) network = readNetwork(values);
  } catch (error) {
    if (!(error instanceof Malformed)) throw error;
  }
  return {
    fixTime,
    valid,
    latitude: noPlace ? null : latitude,
    longitude: noPlace ? null : longitude,
    speed: Number(speed) * KNOTS_PER_KPH,
    course: Number(course),
    altitude: Number(altitude),
    accuracy: null,
    battery: Number(battery),
    charging: null,
    alarms: statusAlarms(word),
    attributes,
    network,
  };
}
