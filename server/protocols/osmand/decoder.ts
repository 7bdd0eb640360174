import { isValidLatLng } from '../../../common/geo';
import { deviceAlarmOf } from '../../../common/alarm-kinds';
import type { AttributeValue, CellTower, Fix, WifiAccessPoint } from '../types';
import { MAX_ATTRIBUTE_KEY, MAX_ATTRIBUTE_TEXT, MAX_ATTRIBUTES } from '../attributes';

/**
 * The OsmAnd protocol as the Traccar Client apps and OsmAnd send it (REFERENCE.md): parameters in
 * the query or in a form body (any HTTP method), or a JSON body `{ device_id, location | locations }`
 * (Traccar Client 9). Pure: bytes in, fixes or the reason they are refused out.
 */
/** Which of the protocol's two forms a request used (Traccar answers an unknown device differently in each). */
export type Format = 'query' | 'json';
export type Parsed = { ok: true; uniqueId: string; fixes: Fix[] } | { ok: false; uniqueId: string; reason: string };

export class Refused extends Error {}

/** Longest device id taken (an IMEI has 15 digits; Traccar Client ids are shorter). */
export const MAX_ID_LENGTH = 64;
/** Whether a text holds a NUL or another control character (PostgreSQL keeps no NUL in text or jsonb). */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}
/** Half of a UTF-16 surrogate pair alone (jsonb refuses its escape). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A device id as sent, or '' when it cannot be one (too long, control characters): never looked up. */
function deviceId(raw: string): string {
  const id = raw.trim();
  return id.length <= MAX_ID_LENGTH && !hasControl(id) && !LONE_SURROGATE.test(id) ? id : '';
}

/** Whether a string could not be stored (a NUL, or half a surrogate pair). */
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** Whether any string or key in a parsed JSON value could not be stored. */
function holdsUnstorable(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return unstorable(value);
  if (typeof value !== 'object' || value === null || depth > 32) return false;
  if (Array.isArray(value)) return value.some((v) => holdsUnstorable(v, depth + 1));
  return Object.entries(value).some(([k, v]) => unstorable(k) || holdsUnstorable(v, depth + 1));
}

const KNOTS_PER_MPS = 1.943844;
const MAX_SECONDS = 2 ** 31 - 1;

function number(value: string, key: string): number {
  const n = value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(n)) throw new Refused(`malformed ${key}`);
  return n;
}

/** Epoch seconds or milliseconds, ISO 8601, or `yyyy-MM-dd HH:mm:ss` (read as UTC). */
export function parseTimestamp(value: string): Date {
  const text = value.trim();
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(text)) {
    const n = Number(text);
    ms = n < MAX_SECONDS ? n * 1000 : n;
  } else if (text.includes('T')) {
    ms = Date.parse(text);
  } else {
    const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
    ms = m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : Number.NaN;
  }
  if (!Number.isFinite(ms)) throw new Refused('malformed timestamp');
  return new Date(ms);
}

function emptyFix(now: Date): Fix {
  return { fixTime: now, latitude: null, longitude: null, accuracy: null, speed: null, course: null, altitude: null, battery: null, charging: null, alarm: null, valid: true, attributes: {}, network: null, window: null };
}

/** What Java's Double.parseDouble reads as a finite number (decimal, optional exponent; surrounding blanks ignored). */
const DECIMAL = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

/**
 * A query parameter's value typed as Traccar's OsmAnd decoder types an unknown one: a number when
 * Double.parseDouble reads it, true or false, else the text (NaN and Infinity, which JSON cannot
 * hold, stay text).
 */
export function typedValue(value: string): AttributeValue {
  if (DECIMAL.test(value)) return Number(value);
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value.slice(0, MAX_ATTRIBUTE_TEXT);
}

/** Adds an attribute within the bounds (a new key past MAX_ATTRIBUTES, or a key too long, is left out). */
function setAttribute(fix: Fix, key: string, value: AttributeValue): void {
  if (key.length > MAX_ATTRIBUTE_KEY || key === '__proto__') return;
  if (!Object.hasOwn(fix.attributes, key) && Object.keys(fix.attributes).length >= MAX_ATTRIBUTES) return;
  fix.attributes[key] = typeof value === 'string' ? value.slice(0, MAX_ATTRIBUTE_TEXT) : value;
}

function integer(value: string | undefined, key: string): number {
  const text = (value ?? '').trim();
  if (!/^[+-]?\d{1,10}$/.test(text)) throw new Refused(`malformed ${key}`);
  return Number(text);
}

/** `cell=mcc,mnc,lac,cid[,rssi]`, as Traccar reads it. */
function cellTower(value: string): CellTower {
  const parts = value.split(',');
  if (parts.length < 4) throw new Refused('malformed cell');
  const tower: CellTower = { mobileCountryCode: integer(parts[0], 'cell'), mobileNetworkCode: integer(parts[1], 'cell'), locationAreaCode: integer(parts[2], 'cell'), cellId: integer(parts[3], 'cell') };
  if (parts.length > 4) tower.signalStrength = integer(parts[4], 'cell');
  return tower;
}

/** `wifi=mac,rssi`, the MAC's '-' read as ':' as Traccar does. */
function wifiAccessPoint(value: string): WifiAccessPoint {
  const parts = value.split(',');
  const mac = (parts[0] ?? '').trim().replaceAll('-', ':');
  if (!mac || mac.length > 64) throw new Refused('malformed wifi');
  return { macAddress: mac, signalStrength: integer(parts[1], 'wifi') };
}

/** At most this many cell towers and access points kept per fix. */
const MAX_NETWORK_ITEMS = 32;

function checkCoordinates(fix: Fix, hasLat: boolean, hasLon: boolean): void {
  if (hasLat !== hasLon) throw new Refused('malformed coordinates');
  if (hasLat && !isValidLatLng(fix.latitude, fix.longitude)) throw new Refused('malformed coordinates');
}

/** Query or form parameters (Traccar Client Android and iOS up to 8, OsmAnd). */
export function parseParameters(params: URLSearchParams, now = new Date()): Parsed {
  const raw = (params.get('id') ?? params.get('deviceid') ?? '').trim();
  if (!raw) return { ok: false, uniqueId: '', reason: 'missing device id' };
  const uniqueId = deviceId(raw);
  if (!uniqueId) return { ok: false, uniqueId: '', reason: 'malformed device id' };
  for (const [key, value] of params) if (unstorable(key) || unstorable(value)) return { ok: false, uniqueId, reason: 'malformed parameter' };
  const fix = emptyFix(now);
  let hasLat = false;
  let hasLon = false;
  try {
    for (const [key, value] of params) {
      // As Traccar: an empty value is skipped (no parameter rather than a malformed one).
      if (value === '' && key !== 'id' && key !== 'deviceid') continue;
      switch (key) {
        case 'id':
        case 'deviceid':
          break;
        case 'timestamp':
          fix.fixTime = parseTimestamp(value);
          break;
        case 'lat':
          fix.latitude = number(value, 'coordinates');
          hasLat = true;
          break;
        case 'lon':
          fix.longitude = number(value, 'coordinates');
          hasLon = true;
          break;
        case 'location': {
          // `lat,lon` or `lat,lon,alt` (OsmAnd's {0},{1},{2}); Traccar reads the first two.
          const parts = value.split(',');
          if (parts.length < 2 || parts.length > 3) throw new Refused('malformed coordinates');
          fix.latitude = number(parts[0]!, 'coordinates');
          fix.longitude = number(parts[1]!, 'coordinates');
          if (parts.length === 3 && !params.has('altitude')) fix.altitude = number(parts[2]!, 'altitude');
          hasLat = hasLon = true;
          break;
        }
        case 'cell': {
          const network = (fix.network ??= {});
          const towers = (network.cellTowers ??= []);
          if (towers.length < MAX_NETWORK_ITEMS) towers.push(cellTower(value));
          break;
        }
        case 'wifi': {
          const network = (fix.network ??= {});
          const points = (network.wifiAccessPoints ??= []);
          if (points.length < MAX_NETWORK_ITEMS) points.push(wifiAccessPoint(value));
          break;
        }
        case 'speed':
          fix.speed = number(value, key);
          break;
        case 'bearing':
        case 'heading':
          fix.course = number(value, key);
          break;
        case 'altitude':
          fix.altitude = number(value, key);
          break;
        case 'accuracy':
          fix.accuracy = number(value, key);
          break;
        case 'hdop':
          setAttribute(fix, 'hdop', number(value, key));
          break;
        case 'batt':
          // Traccar's batteryLevel, as sent (55.5 stays 55.5).
          fix.battery = number(value, 'battery');
          break;
        case 'charge':
          fix.charging = value === 'true' || value === '1';
          break;
        case 'valid':
          fix.valid = value === 'true' || value === '1';
          break;
        case 'driverUniqueId':
          setAttribute(fix, key, value);
          break;
        case 'alarm':
          fix.alarm = deviceAlarmOf(value);
          setAttribute(fix, 'alarm', value);
          break;
        default:
          // Every other key becomes an attribute, typed as Traccar types it (ignition=true, rpm=933).
          setAttribute(fix, key, typedValue(value));
      }
    }
    checkCoordinates(fix, hasLat, hasLon);
    // As Traccar's decoder: 0,0 is no location (a watch without a fix sends it), placed as one without.
    if (fix.latitude === 0 && fix.longitude === 0) fix.latitude = fix.longitude = null;
  } catch (err) {
    if (err instanceof Refused) return { ok: false, uniqueId, reason: err.message };
    throw err;
  }
  return { ok: true, uniqueId, fixes: [fix] };
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function jsonNumber(value: unknown, key: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Refused(`malformed ${key}`);
  return value;
}

function jsonFix(location: Json, now: Date): Fix {
  const fix = emptyFix(now);
  if (location.timestamp !== undefined) {
    if (typeof location.timestamp !== 'string' && typeof location.timestamp !== 'number') throw new Refused('malformed timestamp');
    fix.fixTime = parseTimestamp(String(location.timestamp));
  }
  const coords = location.coords;
  if (coords !== undefined) {
    if (!isObject(coords)) throw new Refused('malformed coordinates');
    fix.latitude = jsonNumber(coords.latitude, 'coordinates');
    fix.longitude = jsonNumber(coords.longitude, 'coordinates');
    if (fix.latitude === null || fix.longitude === null || !isValidLatLng(fix.latitude, fix.longitude)) throw new Refused('malformed coordinates');
    const speed = jsonNumber(coords.speed, 'speed');
    if (speed !== null && speed >= 0) fix.speed = speed * KNOTS_PER_MPS;
    const heading = jsonNumber(coords.heading, 'heading');
    if (heading !== null && heading >= 0) fix.course = heading;
    const accuracy = jsonNumber(coords.accuracy, 'accuracy');
    if (accuracy !== null && accuracy >= 0) fix.accuracy = accuracy;
    fix.altitude = jsonNumber(coords.altitude, 'altitude');
  }
  const battery = location.battery;
  if (isObject(battery)) {
    const level = jsonNumber(battery.level, 'battery');
    // A fraction (0.198): kept to a tenth of a percent, as reported (19.8, not 20).
    if (level !== null && level >= 0) fix.battery = Math.round(level * 1000) / 10;
    if (typeof battery.is_charging === 'boolean') fix.charging = battery.is_charging;
  }
  const extras = isObject(location.extras) ? location.extras : {};
  if (typeof location.event === 'string') setAttribute(fix, 'event', location.event);
  if (typeof location.is_moving === 'boolean') setAttribute(fix, 'motion', location.is_moving);
  if (typeof location.odometer === 'number') setAttribute(fix, 'odometer', location.odometer);
  if (typeof location.mock === 'boolean') setAttribute(fix, 'mock', location.mock);
  if (isObject(location.activity) && typeof location.activity.type === 'string') setAttribute(fix, 'activity', location.activity.type);
  // Every extra as Traccar keeps it: numbers, booleans and texts (objects, arrays and null are left
  // out); `location.alarm` wins over `extras.alarm`.
  for (const [key, value] of Object.entries(extras)) {
    if (key === 'alarm' && location.alarm !== undefined) continue;
    if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') setAttribute(fix, key, value);
  }
  const alarm = location.alarm ?? extras.alarm;
  if (typeof alarm === 'string') {
    fix.alarm = deviceAlarmOf(alarm);
    setAttribute(fix, 'alarm', alarm);
  }
  return fix;
}

/** The JSON body of Traccar Client 9: one `location` or a batch in `locations`. */
export function parseJson(text: string, now = new Date()): Parsed {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return { ok: false, uniqueId: '', reason: 'malformed JSON' };
  }
  if (!isObject(root)) return { ok: false, uniqueId: '', reason: 'malformed JSON' };
  const id = root.device_id;
  const raw = typeof id === 'string' || typeof id === 'number' ? String(id).trim() : '';
  if (!raw) return { ok: false, uniqueId: '', reason: 'missing device id' };
  const uniqueId = deviceId(raw);
  if (!uniqueId) return { ok: false, uniqueId: '', reason: 'malformed device id' };
  if (holdsUnstorable(root)) return { ok: false, uniqueId, reason: 'malformed JSON' };
  const single = root.location;
  const batch = root.locations;
  if ((single === undefined) === (batch === undefined)) return { ok: false, uniqueId, reason: 'missing location' };
  const items = single !== undefined ? [single] : Array.isArray(batch) ? batch : [];
  if (items.length === 0 || items.length > 1000 || !items.every(isObject)) return { ok: false, uniqueId, reason: 'missing location' };
  try {
    return { ok: true, uniqueId, fixes: items.map((item) => jsonFix(item as Json, now)) };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, uniqueId, reason: err.message };
    throw err;
  }
}

/**
 * One HTTP request: JSON when the content type says so (as Traccar does), else the query string,
 * else a form body.
 */
export function parseRequest(url: string, contentType: string | undefined, body: string, now = new Date()): Parsed & { format: Format } {
  if (contentType?.toLowerCase().startsWith('application/json')) return { ...parseJson(body, now), format: 'json' };
  const q = url.indexOf('?');
  let params = new URLSearchParams(q >= 0 ? url.slice(q + 1) : '');
  if (params.size === 0 && body) {
    // A JSON body sent without its content type still reads as JSON.
    if (body.trimStart().startsWith('{')) return { ...parseJson(body, now), format: 'json' };
    params = new URLSearchParams(body);
  }
  return { ...parseParameters(params, now), format: 'query' };
}
