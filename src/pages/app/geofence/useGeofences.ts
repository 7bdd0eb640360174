import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, type AnswerOf } from '../../../providers/openapi/typedApi';
import type { bodyOf, GeofenceDto } from './geofenceDraft';

/** What zones may be linked to, as the API describes it. */
export type LinkTargets = AnswerOf<'/api/app/geofences/link-targets'>;

const NO_TARGETS: LinkTargets = { devices: [], citizens: [] };

/** The user's zones and what they may link them to; `reload` after a change. */
export function useGeofences() {
  const list = useQuery({
    queryKey: ['geofences', 'list'],
    queryFn: async (): Promise<GeofenceDto[]> => (await api('get', '/api/app/geofences', { query: { MaxResultCount: 1000, Sorting: 'name' } })).items,
  });
  const links = useQuery({
    queryKey: ['geofences', 'link-targets'],
    queryFn: () => api('get', '/api/app/geofences/link-targets'),
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
  if (id) return api('put', '/api/app/geofences/{id}', { params: { id }, body });
  return shape === 'circle' ? api('post', '/api/app/geofence-circulars', { body: shaped }) : api('post', '/api/app/geofence-polygons', { body: shaped });
}

export async function deleteGeofence(id: string): Promise<void> {
  await api('delete', '/api/app/geofences/{id}', { params: { id } });
}
