import type { AttributeValue, CellTower, Network, WifiAccessPoint } from '../types';
import { putAttribute } from './attributes';
import { hex, type ByteReader } from './bytes';

/**
 * The key records of a data (0x01) or services (0x03) message, read as Traccar's
 * Minifinder2ProtocolDecoder reads them: each record is a length byte, a key and its value; a key
 * seen again (beacons 0x28 and 0x2C aside) starts the next report, so one frame can carry a history.
 */
export interface Report {
  /** The report's own time (keys 0x24, 0x25), else the device time of its alarm (0x02), else none. */
  fixTime: Date | null;
  latitude: number | null;
  longitude: number | null;
  valid: boolean;
  /** Knots. */
  speed: number | null;
  course: number | null;
  altitude: number | null;
  /** Percent (Traccar's batteryLevel). */
  battery: number | null;
  charging: boolean | null;
  alarms: string[];
  attributes: Record<string, AttributeValue>;
  network: Network | null;
}

/** km/h to knots, Traccar's UnitsConverter.knotsFromKph. */
const KNOTS_PER_KPH = 0.539957;
/** Cell towers and access points kept per report (a frame can list thousands). */
const MAX_NETWORK_ITEMS = 32;
/** The IMEI key's value: 15 ASCII characters. */
const IMEI_BYTES = 15;

const emptyReport = (): Report => ({ fixTime: null, latitude: null, longitude: null, valid: false, speed: null, course: null, altitude: null, battery: null, charging: null, alarms: [], attributes: {}, network: null });

const bit = (value: number, index: number): boolean => Math.floor(value / 2 ** index) % 2 === 1;
const epoch = (seconds: number): Date => new Date(seconds * 1000);
const degrees = (raw: number): number => raw / 10000000;

/** Alarm bits of key 0x02, as Traccar names them. */
const ALARM_BITS: readonly [number, string][] = [
  [0, 'lowBattery'],
  [1, 'overspeed'],
  [2, 'fallDown'],
];
const LATE_ALARM_BITS: readonly [number, string][] = [
  [8, 'powerOff'],
  [9, 'powerOn'],
  [10, 'movement'],
  [12, 'sos'],
];

/** A tag's 6-byte id, least significant byte first on the wire (Traccar's readTagId). */
function tagId(reader: ByteReader): string {
  // A copy: the frame itself is never changed (a Buffer's slice() is a view, and a frame may be decoded twice).
  return hex(Uint8Array.from(reader.slice(6)).reverse());
}

function addCell(report: Report, tower: CellTower): void {
  const network = (report.network ??= {});
  const towers = (network.cellTowers ??= []);
  if (towers.length < MAX_NETWORK_ITEMS) towers.push(tower);
}

function addWifi(report: Report, point: WifiAccessPoint): void {
  const network = (report.network ??= {});
  const points = (network.wifiAccessPoints ??= []);
  if (points.length < MAX_NETWORK_ITEMS) points.push(point);
}

function setPlace(report: Report, reader: ByteReader): void {
  report.latitude = degrees(reader.i32());
  report.longitude = degrees(reader.i32());
}

function readAlarm(report: Report, reader: ByteReader, length: number): void {
  const alarm = reader.u32();
  const set = (key: string, value: AttributeValue) => putAttribute(report.attributes, key, value);
  for (const [index, code] of ALARM_BITS) if (bit(alarm, index)) report.alarms.push(code);
  for (let i = 0; i < 4; i++) {
    if (bit(alarm, i + 4)) {
      report.alarms.push(bit(alarm, i + 26) ? 'geofenceEnter' : 'geofenceExit');
      set('geofence', i + 1);
    }
  }
  for (const [index, code] of LATE_ALARM_BITS) if (bit(alarm, index)) report.alarms.push(code);
  if (bit(alarm, 13)) set('button1', true);
  if (bit(alarm, 14)) set('button2', true);
  if (bit(alarm, 31)) set('bark', true);
  if (length >= 9) {
    const deviceTime = epoch(reader.u32());
    report.fixTime ??= deviceTime;
  }
  set('event', alarm);
}

function readCells(report: Report, reader: ByteReader, key: number, endIndex: number): void {
  const mcc = reader.u16();
  const mnc = key === 0x2b ? reader.u16() : reader.u8();
  report.network ??= {};
  while (reader.pos < endIndex) {
    const signalStrength = reader.i8();
    const lac = reader.u16();
    const cid = key === 0x29 || key === 0x2b ? reader.i32() : reader.u16();
    addCell(report, { mobileCountryCode: mcc, mobileNetworkCode: mnc, locationAreaCode: lac, cellId: cid, signalStrength });
  }
}

function readWifi(report: Report, reader: ByteReader, key: number, endIndex: number): void {
  report.network ??= {};
  while (reader.pos < endIndex) {
    const signalStrength = reader.i8();
    const macAddress = hex(reader.slice(6)).replace(/(..)(?!$)/g, '$1:');
    addWifi(report, { macAddress, signalStrength });
    if (key === 0x19) reader.skip(reader.u8()); // the network's name
  }
}

function readBeacon(report: Report, reader: ByteReader, key: number, endIndex: number): void {
  const set = (name: string, value: AttributeValue) => putAttribute(report.attributes, name, value);
  const flags = reader.u8();
  const index = (flags & 0x0f) + 1;
  set(`tagId${index}`, tagId(reader));
  set(`tagRssi${index}`, reader.i8());
  set(`tag1mRssi${index}`, reader.i8());
  if (key === 0x2c) set(`tagBattery${index}`, reader.u8());
  if (bit(flags, 7)) {
    setPlace(report, reader);
    report.valid = true;
  }
  if (bit(flags, 6)) {
    const length = key === 0x2c ? reader.u8() : endIndex - reader.pos;
    set(`description${index}`, reader.ascii(length));
  }
  // Little-endian, unlike Traccar (readShort): its sample's f1 00 is 24.1 °C, not -384 °C.
  if (key === 0x2c && reader.pos < endIndex) set(`tagTemp${index}`, reader.i16() / 10);
}

/** One key's value into the report; the reader is moved to the record's end by the caller. */
function readKey(report: Report, reader: ByteReader, key: number, length: number, endIndex: number): void {
  const set = (name: string, value: AttributeValue) => putAttribute(report.attributes, name, value);
  switch (key) {
    case 0x02:
      readAlarm(report, reader, length);
      break;
    case 0x14:
      report.battery = reader.u8();
      set('battery', reader.u16() / 1000);
      break;
    case 0x20: {
      setPlace(report, reader);
      report.speed = reader.u16() * KNOTS_PER_KPH;
      report.course = reader.u16();
      report.altitude = reader.i16();
      const hdop = reader.u16();
      report.valid = hdop > 0;
      set('hdop', hdop / 10);
      set('odometer', reader.u32());
      set('sat', reader.u8());
      break;
    }
    case 0x21:
    case 0x29:
    case 0x2b:
      readCells(report, reader, key, endIndex);
      break;
    case 0x19:
    case 0x22:
      readWifi(report, reader, key, endIndex);
      break;
    case 0x23:
    case 0x26:
      if (length >= 7) set('tagId', tagId(reader));
      if (length >= 15) {
        setPlace(report, reader);
        report.valid = true;
      }
      if (key === 0x26) {
        set('hdop', reader.u16() / 10);
        report.altitude = reader.i16();
      } else if (reader.pos < endIndex) {
        set('description', reader.ascii(endIndex - reader.pos));
      }
      break;
    case 0x24: {
      report.fixTime = epoch(reader.u32());
      const status = reader.u32();
      report.charging = bit(status, 4);
      if (bit(status, 7)) set('archive', true);
      set('motion', bit(status, 9));
      set('rssi', Math.floor(status / 2 ** 19) % 32);
      report.battery = Math.floor(status / 2 ** 24);
      set('status', status);
      break;
    }
    case 0x25:
      report.fixTime = epoch(reader.u32());
      set('callStatus', reader.u8());
      set('callDuration', reader.u16());
      set('callResult', reader.u8());
      set('phone', reader.ascii(endIndex - reader.pos));
      break;
    case 0x27:
      setPlace(report, reader);
      report.valid = true;
      set('hdop', reader.u16() / 10);
      report.altitude = reader.i16();
      break;
    case 0x28:
    case 0x2c:
      readBeacon(report, reader, key, endIndex);
      break;
    case 0x2a: {
      const flags = reader.u8();
      reader.skip(7); // MAC and signal of the access point
      if (bit(flags, 7)) {
        setPlace(report, reader);
        report.valid = true;
      }
      if (bit(flags, 6) && endIndex > reader.pos) set('description', reader.ascii(endIndex - reader.pos));
      break;
    }
    case 0x30:
      reader.skip(4); // timestamp
      set('steps', reader.u32());
      break;
    case 0x31:
      for (let i = 1; reader.pos < endIndex; i++) {
        set(`activity${i}Time`, reader.u32());
        set(`activity${i}`, reader.u32());
      }
      break;
    case 0x37: {
      reader.skip(4); // timestamp
      const barking = reader.u32();
      if (bit(barking, 31)) set('barkStop', true);
      set('barkCount', barking % 2 ** 31);
      break;
    }
    case 0x40: {
      reader.skip(4); // timestamp
      const heartRate = reader.u8();
      if (heartRate > 1) set('heartRate', heartRate);
      break;
    }
    case 0x41: {
      reader.skip(4); // timestamp
      const spO2 = reader.u8();
      if (spO2 > 1) set('spO2', spO2);
      break;
    }
    default:
      break;
  }
}

/** The IMEI (key 0x01) and the reports of a data or services message's records. */
export function readReports(reader: ByteReader): { imei: string | null; reports: Report[] } {
  const reports: Report[] = [];
  const keys = new Set<number>();
  let report = emptyReport();
  let imei: string | null = null;
  while (reader.readable) {
    const length = reader.u8();
    const endIndex = reader.pos + length;
    const key = reader.u8();
    if (key !== 0x28 && key !== 0x2c && keys.has(key)) {
      reports.push(report);
      keys.clear();
      report = emptyReport();
    }
    keys.add(key);
    if (key === 0x01) imei = reader.ascii(IMEI_BYTES);
    else readKey(report, reader, key, length, endIndex);
    reader.seek(endIndex);
  }
  reports.push(report);
  return { imei, reports };
}
