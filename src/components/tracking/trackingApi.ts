import { httpClient } from '../../providers/httpClient';

/** The tracking reads the dashboard's map and charts use (server/ingest/tracking-routes.ts). */
export interface LatestPosition {
  deviceId: string;
  name: string;
  status: string;
  batteryLevel: number | null;
  lastContact: string | null;
  latitude: number;
  longitude: number;
  accuracy: number | null;
  fixTime: string;
}

export interface TrailPoint {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  fixTime: string;
}

export interface BatteryPoint {
  time: string;
  batteryLevel: number;
}

export async function loadLatestPositions(deviceIds?: string[]): Promise<LatestPosition[]> {
  const res = await httpClient<{ items: LatestPosition[] }>('/api/app/tracking/positions/latest', { query: { deviceIds } });
  return res.json?.items ?? [];
}

export async function loadTrail(deviceId: string, hours: number): Promise<TrailPoint[]> {
  const from = new Date(Date.now() - hours * 3600_000);
  const res = await httpClient<{ items: TrailPoint[] }>('/api/app/tracking/positions/trail', { query: { deviceId, from } });
  return res.json?.items ?? [];
}

export async function loadBatteryHistory(deviceId: string, hours: number): Promise<{ items: BatteryPoint[]; from: string; to: string }> {
  const from = new Date(Date.now() - hours * 3600_000);
  const res = await httpClient<{ items: BatteryPoint[]; from: string; to: string }>('/api/app/BatteryTimeHistoric', { query: { deviceId, from } });
  return res.json ?? { items: [], from: from.toISOString(), to: new Date().toISOString() };
}
