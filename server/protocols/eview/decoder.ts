import { isValidLatLng } from '../../../common/geo';
import type { AttributeValue, DecodedMessage, DecodedPosition, DecodeResult } from '../types';
import { putAttribute } from './attributes';
import { ByteReader, Truncated } from './bytes';
import { readConfiguration } from './configuration';
import { readReports, type Report } from './data-records';
import { ACK_REQUESTED, checkFrame, HEADER_BYTES } from './frame';
import { MESSAGE_NAMES, MSG_CONFIGURATION, MSG_DATA, MSG_RESPONSE, MSG_SERVICES, MSG_SYSTEM_CONTROL } from './messages';
import { acknowledgement } from './reply';

class Refused extends Error {}

/** An IMEI as the device sends it (15 ASCII characters, NUL or blank padding left out), or a refusal. */
function deviceIdOf(imei: string): string {
  // eslint-disable-next-line no-control-regex
  const id = imei.replace(/[\u0000 ]+$/, '');
  if (!/^[\u0021-\u007e]{1,15}$/.test(id)) throw new Refused('malformed device id');
  return id;
}

/** A network with neither towers nor access points is none. */
function networkOf(report: Report): Report['network'] {
  const n = report.network;
  return n && ((n.cellTowers?.length ?? 0) > 0 || (n.wifiAccessPoints?.length ?? 0) > 0) ? n : null;
}

/**
 * Reports with a place (coordinates, cell towers or access points) or an alarm are positions;
 * the others (battery, steps, signal, ... without a place) merge into the message's status, a
 * later report's value winning. Coordinates out of range, or 0,0 (no fix), are no place.
 */
function split(reports: Report[], receivedAt: Date): { positions: DecodedPosition[]; status: Record<string, AttributeValue> | null } {
  const positions: DecodedPosition[] = [];
  const status: Record<string, AttributeValue> = {};
  for (const report of reports) {
    const placed = report.latitude !== null && report.longitude !== null && isValidLatLng(report.latitude, report.longitude) && !(report.latitude === 0 && report.longitude === 0);
    const network = networkOf(report);
    if (placed || network || report.alarms.length > 0) {
      positions.push({
        fixTime: report.fixTime ?? receivedAt,
        valid: placed && report.valid,
        latitude: placed ? report.latitude : null,
        longitude: placed ? report.longitude : null,
        speed: report.speed,
        course: report.course,
        altitude: report.altitude,
        accuracy: null,
        battery: report.battery,
        charging: report.charging,
        alarms: report.alarms,
        attributes: report.attributes,
        network,
      });
      continue;
    }
    for (const [key, value] of Object.entries(report.attributes)) putAttribute(status, key, value);
    if (report.battery !== null) putAttribute(status, 'batteryLevel', report.battery);
    if (report.charging !== null) putAttribute(status, 'charge', report.charging);
  }
  return { positions, status: Object.keys(status).length > 0 ? status : null };
}

/** The result a system control message (0x04) carries in its key 0x1F, as Traccar reads it. */
function systemControlResult(reader: ByteReader): string | null {
  let result: string | null = null;
  while (reader.readable) {
    const length = reader.u8();
    const endIndex = reader.pos + length;
    const key = reader.u8();
    if (key === 0x1f) {
      reader.skip(1); // type
      result = reader.utf8(endIndex - reader.pos);
    }
    reader.seek(endIndex);
  }
  return result;
}

/**
 * One Eview frame, as Traccar's Minifinder2ProtocolDecoder reads it. A frame that names no device
 * (configuration, system control and response messages, or data without key 0x01) has deviceId '':
 * it is the connection's device, named by an earlier frame.
 */
function decodeChecked(frame: Uint8Array, properties: number, sequence: number, receivedAt: Date): DecodedMessage {
  const type = frame[HEADER_BYTES]!;
  const reader = () => new ByteReader(frame, HEADER_BYTES + 1);
  const message: DecodedMessage = {
    deviceId: '',
    type: MESSAGE_NAMES[type] ?? `0x${type.toString(16).padStart(2, '0')}`,
    positions: [],
    status: null,
    reply: properties & ACK_REQUESTED ? acknowledgement(type, reader(), sequence, receivedAt) : null,
    acknowledged: null,
  };
  switch (type) {
    case MSG_DATA:
    case MSG_SERVICES: {
      const { imei, reports } = readReports(reader());
      if (imei !== null) message.deviceId = deviceIdOf(imei);
      Object.assign(message, split(reports, receivedAt));
      break;
    }
    case MSG_CONFIGURATION: {
      const attributes = readConfiguration(reader());
      if (typeof attributes.imei === 'string' && attributes.imei !== '') message.deviceId = deviceIdOf(attributes.imei);
      message.status = attributes;
      message.acknowledged = message.type;
      break;
    }
    case MSG_SYSTEM_CONTROL: {
      const result = systemControlResult(reader());
      if (result !== null) {
        message.status = {};
        putAttribute(message.status, 'result', result);
        message.acknowledged = message.type;
      }
      break;
    }
    case MSG_RESPONSE: {
      const records = reader();
      records.skip(1); // key length
      const code = records.u8();
      message.status = { result: String(code) };
      // Result 0 is success; another code is the device refusing the command (kept in the status).
      if (code === 0) message.acknowledged = message.type;
      break;
    }
    default:
      break;
  }
  return message;
}

export function decodeFrame(frame: Uint8Array, receivedAt: Date): DecodeResult {
  const checked = checkFrame(frame);
  if (!checked.ok) return checked;
  try {
    return { ok: true, message: decodeChecked(frame, checked.header.properties, checked.header.sequence, receivedAt) };
  } catch (err) {
    if (err instanceof Truncated || err instanceof Refused) return { ok: false, reason: err.message };
    throw err;
  }
}
