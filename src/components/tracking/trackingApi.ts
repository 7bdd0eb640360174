import { httpClient } from '../../providers/httpClient';
import { api, type AnswerOf } from '../../providers/openapi/typedApi';

/** The tracking reads the dashboard's map and charts use (server/tracking/routes.ts), typed by the API's description. */
export type LatestPosition = AnswerOf<'/api/app/tracking/positions/latest'>['items'][number];
export type TrailPoint = AnswerOf<'/api/app/tracking/positions/trail'>['items'][number];
export type BatteryPoint = AnswerOf<'/api/app/BatteryTimeHistoric'>['items'][number];

/** The map's last positions are cached under this key (and the devices after it): invalidated, every map reads them again. */
export const LATEST_POSITIONS_KEY = ['tracking', 'latest'] as const;

export async function loadLatestPositions(deviceIds?: string[], signal?: AbortSignal): Promise<LatestPosition[]> {
  return (await api('get', '/api/app/tracking/positions/latest', { query: deviceIds ? { deviceIds } : {}, signal })).items;
}

export async function loadTrail(deviceId: string, hours: number): Promise<TrailPoint[]> {
  const from = new Date(Date.now() - hours * 3600_000).toISOString();
  return (await api('get', '/api/app/tracking/positions/trail', { query: { deviceId, from } })).items;
}

export async function loadBatteryHistory(deviceId: string, hours: number): Promise<{ items: BatteryPoint[]; from: string; to: string }> {
  const from = new Date(Date.now() - hours * 3600_000).toISOString();
  return api('get', '/api/app/BatteryTimeHistoric', { query: { deviceId, from } });
}

/** An alarm as its link opens it (/dashboard?alarm=<eventId>): place, zone, and the 30 minutes before it. */
export interface AlarmEventView {
  id: string;
  deviceId: string;
  deviceName: string;
  type: string;
  eventTime: string;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  distance: number | null;
  bearing: number | null;
  battery: number | null;
  zone: ({ id: string | null; name: string } & ({ kind: 'circle'; center: { lat: number; lng: number }; radius: number } | { kind: 'polygon'; points: { lat: number; lng: number }[] })) | null;
  trail: TrailPoint[];
}

/** The alarm, or null when it is not one the user may see (404). */
export async function loadAlarmEvent(id: string): Promise<AlarmEventView | null> {
  try {
    const res = await httpClient<AlarmEventView>(`/api/app/tracking/alarm-events/${encodeURIComponent(id)}`);
    return res.json ?? null;
  } catch (err) {
    if (typeof err === 'object' && err !== null && 'status' in err && (err as { status: unknown }).status === 404) return null;
    throw err;
  }
}
