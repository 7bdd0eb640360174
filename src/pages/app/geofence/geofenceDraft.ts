import type { LatLng } from '../../../../common/geo';
import { GEOFENCE_POLYGON_POINTS, isValidLatLng, type GeofenceScheduleRule } from '../../../../common/geofence-rules';
import type { MapDraft } from '../../../components/map/MapView';

/**
 * The editor's state is what the user typed (or what a map click or drag wrote into the fields):
 * the drawn zone is derived from it, so the keyboard and the mouse edit the same thing.
 */
export interface GeofenceDto {
  id: string;
  name: string;
  shape: 'circle' | 'polygon';
  center: LatLng | null;
  radius: number | null;
  points: LatLng[] | null;
  schedule: GeofenceScheduleRule | null;
  deviceIds: string[];
  citizenIds: string[];
  concurrencyStamp: string;
}

export interface EditorState {
  id?: string;
  concurrencyStamp?: string;
  name: string;
  shape: 'circle' | 'polygon';
  lat: string;
  lng: string;
  radius: string;
  /** One corner per line: 'lat, lng'. */
  corners: string;
  closed: boolean;
  scheduled: boolean;
  from: string;
  to: string;
  timeZone: string;
  deviceIds: string[];
  citizenIds: string[];
}

export const DEFAULT_RADIUS_M = 200;
/** The device's own zone: only while the tenant's is not known. */
const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const fixed = (n: number) => String(Math.round(n * 1e6) / 1e6);

/**
 * A new zone's editor. A schedule is in the tenant's time zone unless the user names another
 * ('' while the tenant's is not known yet: GeofencePage fills it in when it is).
 */
export const emptyEditor = (tenantZone = ''): EditorState => ({
  name: '',
  shape: 'circle',
  lat: '',
  lng: '',
  radius: String(DEFAULT_RADIUS_M),
  corners: '',
  closed: false,
  scheduled: false,
  from: '22:00',
  to: '06:00',
  timeZone: tenantZone,
  deviceIds: [],
  citizenIds: [],
});

export function editorOf(g: GeofenceDto, tenantZone = ''): EditorState {
  return {
    ...emptyEditor(tenantZone),
    id: g.id,
    concurrencyStamp: g.concurrencyStamp,
    name: g.name,
    shape: g.shape,
    lat: g.center ? fixed(g.center.lat) : '',
    lng: g.center ? fixed(g.center.lng) : '',
    radius: g.radius !== null ? String(Math.round(g.radius)) : String(DEFAULT_RADIUS_M),
    corners: (g.points ?? []).map(cornerLine).join('\n'),
    closed: g.shape === 'polygon',
    scheduled: g.schedule !== null,
    ...(g.schedule ?? {}),
    deviceIds: g.deviceIds,
    citizenIds: g.citizenIds,
  };
}

export const cornerLine = (p: LatLng) => `${fixed(p.lat)}, ${fixed(p.lng)}`;

/** 'lat, lng' (or 'lat lng') as a point, or null. */
export function parsePoint(text: string): LatLng | null {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*[,;\s]\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!m) return null;
  const p = { lat: Number(m[1]), lng: Number(m[2]) };
  return isValidLatLng(p) ? p : null;
}

export const parseCorners = (text: string): LatLng[] => text.split('\n').map(parsePoint).filter((p): p is LatLng => p !== null);

/** The zone drawn so far, or null when nothing is. */
export function draftOf(s: EditorState): MapDraft | null {
  if (s.shape === 'circle') {
    const center = parsePoint(`${s.lat},${s.lng}`);
    const radius = Number(s.radius);
    return center && Number.isFinite(radius) && radius > 0 ? { kind: 'circle', center, radius } : null;
  }
  const points = parseCorners(s.corners);
  return points.length ? { kind: 'polygon', points, closed: s.closed } : null;
}

/** A map click: the circle's centre, or the polygon's next corner (until it is closed). */
export function withClick(s: EditorState, p: LatLng): EditorState {
  if (s.shape === 'circle') return { ...s, lat: fixed(p.lat), lng: fixed(p.lng), radius: s.radius || String(DEFAULT_RADIUS_M) };
  if (s.closed) return s;
  return { ...s, corners: [...parseCorners(s.corners), p].map(cornerLine).join('\n') };
}

/** A handle dragged on the map. */
export function withDraft(s: EditorState, d: MapDraft): EditorState {
  if (d.kind === 'circle') return { ...s, lat: fixed(d.center.lat), lng: fixed(d.center.lng), radius: String(Math.round(d.radius)) };
  return { ...s, corners: d.points.map(cornerLine).join('\n'), closed: d.closed };
}

export const canClose = (s: EditorState) => parseCorners(s.corners).length >= GEOFENCE_POLYGON_POINTS.min;

/** The zone a schedule is saved in: the one typed, else the tenant's, else the device's. */
export const scheduleZone = (s: EditorState, tenantZone: string | undefined) => s.timeZone.trim() || tenantZone || deviceZone();

/** The request body the API takes (geofences, geofence-circulars, geofence-polygons). */
export function bodyOf(s: EditorState, draft: MapDraft, tenantZone: string | undefined) {
  return {
    name: s.name.trim(),
    shape: draft.kind,
    ...(draft.kind === 'circle' ? { center: draft.center, radius: draft.radius } : { points: draft.points }),
    schedule: s.scheduled ? { from: s.from, to: s.to, timeZone: scheduleZone(s, tenantZone) } : null,
    deviceIds: s.deviceIds,
    citizenIds: s.citizenIds,
    ...(s.concurrencyStamp ? { concurrencyStamp: s.concurrencyStamp } : {}),
  };
}
