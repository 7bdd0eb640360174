import { parseMac } from '../../common/mac';
import { isValidLatLng } from '../../common/geo';
import { isRecord } from '../../common/is-record';

/**
 * The Google Geolocation API's request and answer (https://developers.google.com/maps/documentation/geolocation/requests-geolocation),
 * which beaconDB and Traccar's UniversalGeolocationProvider speak too: POST
 * `{considerIp, cellTowers, wifiAccessPoints}`, answered `{location: {lat, lng}, accuracy}` or an
 * HTTP error with `{error: {code, message, errors}}`.
 */

export interface CellTowerQuery {
  mobileCountryCode: number;
  mobileNetworkCode: number;
  locationAreaCode: number;
  cellId: number;
  signalStrength?: number;
}

export interface WifiAccessPointQuery {
  /** Lower-case hex pairs joined by ':', as Google's examples write them. */
  macAddress: string;
  signalStrength?: number;
}

/** What is asked: the cell towers and Wi-Fi access points a watch saw. */
export interface GeolocationQuery {
  cellTowers: CellTowerQuery[];
  wifiAccessPoints: WifiAccessPointQuery[];
}

/** Where the service places them: accuracy in metres (the radius of its circle), null when it gave none. */
export interface GeolocatedPlace {
  lat: number;
  lng: number;
  accuracy: number | null;
}

/** At most this many of each are sent (the ingest keeps 32 per fix). */
const MAX_ITEMS = 32;
/** LTE's 28-bit cell identity and NR's 36-bit one fit; a larger number is not a cell. */
const MAX_CELL_ID = 2 ** 36;

const wholeIn = (v: unknown, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max;
const signal = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= 1000 ? { signalStrength: v } : {});

function cellOf(v: unknown): CellTowerQuery | null {
  if (!isRecord(v)) return null;
  const { mobileCountryCode: mcc, mobileNetworkCode: mnc, locationAreaCode: lac, cellId } = v;
  if (!wholeIn(mcc, 999) || !wholeIn(mnc, 999) || !wholeIn(lac, 0xffffffff) || !wholeIn(cellId, MAX_CELL_ID)) return null;
  return { mobileCountryCode: mcc, mobileNetworkCode: mnc, locationAreaCode: lac, cellId, ...signal(v.signalStrength) };
}

function wifiOf(v: unknown): WifiAccessPointQuery | null {
  if (!isRecord(v) || typeof v.macAddress !== 'string') return null;
  const mac = parseMac(v.macAddress);
  return mac ? { macAddress: mac.toLowerCase(), ...signal(v.signalStrength) } : null;
}

const listOf = <T>(v: unknown, item: (v: unknown) => T | null): T[] => (Array.isArray(v) ? v.map(item).filter((x): x is T => x !== null).slice(0, MAX_ITEMS) : []);

/**
 * The query of a stored network (a position's `attributes.network`, Traccar's cellTowers and
 * wifiAccessPoints), with what is not a cell or an access point left out; null when nothing is left.
 */
export function queryOf(network: unknown): GeolocationQuery | null {
  if (!isRecord(network)) return null;
  const query = { cellTowers: listOf(network.cellTowers, cellOf), wifiAccessPoints: listOf(network.wifiAccessPoints, wifiOf) };
  return query.cellTowers.length || query.wifiAccessPoints.length ? query : null;
}

/** The request body: never the caller's IP address as a fallback (it would place the watch at our server). */
export function requestBody(query: GeolocationQuery): string {
  return JSON.stringify({
    considerIp: false,
    ...(query.cellTowers.length ? { cellTowers: query.cellTowers } : {}),
    ...(query.wifiAccessPoints.length ? { wifiAccessPoints: query.wifiAccessPoints } : {}),
  });
}

/** The place of an answer, or null when it is not one (no location, coordinates out of range or 0,0, an error object). */
export function placeOf(answer: unknown): GeolocatedPlace | null {
  if (!isRecord(answer) || answer.error !== undefined || !isRecord(answer.location)) return null;
  const { lat, lng } = answer.location;
  if (typeof lat !== 'number' || typeof lng !== 'number' || !isValidLatLng(lat, lng) || (lat === 0 && lng === 0)) return null;
  const accuracy = typeof answer.accuracy === 'number' && Number.isFinite(answer.accuracy) && answer.accuracy >= 0 ? answer.accuracy : null;
  return { lat, lng, accuracy };
}
