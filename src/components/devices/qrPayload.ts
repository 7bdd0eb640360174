import { isDeviceIdentifier, normalizeDeviceIdentifier } from '../../../common/devices';

/**
 * What a QR code on a watch's box may hold, read into the add-device form's fields: a bare IMEI
 * or serial number; JSON ({ "imei": ..., "deviceId": ... }); a link with ?imei=&deviceId=; or
 * labelled text ("IMEI: 356938035643809; ID: VW4-43809"). Undefined when it holds no identifier.
 */
export interface DeviceQr {
  imei: string;
  deviceId?: string;
}

const IMEI_KEYS = ['imei', 'serialnumber', 'serial', 'sn'];
const ID_KEYS = ['deviceid', 'device_id', 'id', 'did'];

function fromPairs(pairs: Iterable<[string, unknown]>): DeviceQr | undefined {
  let imei: string | undefined;
  let deviceId: string | undefined;
  for (const [key, value] of pairs) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const k = key.toLowerCase().replace(/[\s-]/g, '');
    if (!imei && IMEI_KEYS.includes(k)) imei = String(value);
    else if (!deviceId && ID_KEYS.includes(k)) deviceId = String(value).trim();
  }
  if (!imei || !isDeviceIdentifier(imei)) return undefined;
  return { imei: normalizeDeviceIdentifier(imei), ...(deviceId ? { deviceId } : {}) };
}

function fromJson(text: string): DeviceQr | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? fromPairs(Object.entries(value)) : undefined;
  } catch {
    return undefined;
  }
}

function fromUrl(text: string): DeviceQr | undefined {
  try {
    return fromPairs(new URL(text).searchParams.entries());
  } catch {
    return undefined;
  }
}

/** "IMEI: 3569...; Device ID: VW4-1" or one pair per line. */
function fromLabels(text: string): DeviceQr | undefined {
  const pairs: [string, string][] = [];
  for (const match of text.matchAll(/([A-Za-z][A-Za-z _/-]*?)\s*[:=]\s*([A-Za-z0-9-]+)/g)) pairs.push([match[1]!.replace('/', ''), match[2]!]);
  return fromPairs(pairs);
}

export function parseDeviceQr(raw: string): DeviceQr | undefined {
  const text = raw.trim();
  if (isDeviceIdentifier(text)) return { imei: normalizeDeviceIdentifier(text) };
  return fromJson(text) ?? fromUrl(text) ?? fromLabels(text) ?? (/\b(\d{15})\b/.exec(text)?.[1] ? { imei: /\b(\d{15})\b/.exec(text)![1]! } : undefined);
}
