import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { httpClient } from '../../../providers/httpClient';
import type { bodyOf, GeofenceDto } from './geofenceDraft';

export interface LinkTargets {
  devices: { id: string; name: string; imei: string }[];
  citizens: { id: string; name: string }[];
}

const NO_TARGETS: LinkTargets = { devices: [], citizens: [] };

/** The user's zones and what they may link them to; `reload` after a change. */
export function useGeofences() {
  const list = useQuery({
    queryKey: ['geofences', 'list'],
    queryFn: async () => (await httpClient<{ items: GeofenceDto[] }>('/api/app/geofences', { query: { MaxResultCount: 1000, Sorting: 'name' } })).json?.items ?? [],
  });
  const links = useQuery({
    queryKey: ['geofences', 'link-targets'],
    queryFn: async () => (await httpClient<LinkTargets>('/api/app/geofences/link-targets')).json ?? NO_TARGETS,
  });
  const { refetch } = list;
  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);
  return { items: list.data ?? null, targets: links.data ?? NO_TARGETS, error: list.error ?? links.error, reload };
}

/** A new zone goes to geofence-circulars or geofence-polygons; a change to geofences/{id} (the shape may change). */
export async function saveGeofence(id: string | undefined, body: ReturnType<typeof bodyOf>): Promise<GeofenceDto> {
  const { shape, ...shaped } = body;
  const request = id
    ? { path: `/api/app/geofences/${id}`, method: 'PUT' as const, body }
    : { path: shape === 'circle' ? '/api/app/geofence-circulars' : '/api/app/geofence-polygons', method: 'POST' as const, body: shaped };
  const { json } = await httpClient<GeofenceDto>(request.path, { method: request.method, body: request.body });
  return json!;
}

export async function deleteGeofence(id: string): Promise<void> {
  await httpClient(`/api/app/geofences/${id}`, { method: 'DELETE' });
}
