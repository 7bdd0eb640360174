import { useQuery } from '@tanstack/react-query';
import { api } from '../../providers/openapi/typedApi';
import type { GeofenceDto } from '../../pages/app/geofence/geofenceDraft';

export interface CitizenDevice {
  id: string;
  name: string;
  imei: string;
  model: string | null;
  status: string;
  batteryLevel: number | null;
  lastContact: string | null;
}

export interface AlarmReceiver {
  id: string;
  deviceId: string;
  deviceName: string;
  name: string | null;
  email: string;
  status: 'invited' | 'active';
}

type CarePath = '/api/app/monitoredObject/{id}/devices' | '/api/app/monitoredObject/{id}/geofences' | '/api/app/monitoredObject/{id}/alarm-responders';

/**
 * One of the citizen's lists. The routes describe an item only as an object
 * (server/geofences/citizen-routes.ts), so the item types above are the handlers' shapes.
 */
async function items<T>(path: CarePath, id: string): Promise<T[]> {
  return (await api('get', path, { params: { id } })).items as T[];
}

/** A citizen's devices, the zones linked to them or their devices, and their devices' alarm receivers. */
export function useCitizenCare(id: string) {
  return useQuery({
    queryKey: ['citizens', id, 'care'],
    queryFn: async () => {
      const [devices, geofences, receivers] = await Promise.all([
        items<CitizenDevice>('/api/app/monitoredObject/{id}/devices', id),
        items<GeofenceDto>('/api/app/monitoredObject/{id}/geofences', id),
        items<AlarmReceiver>('/api/app/monitoredObject/{id}/alarm-responders', id),
      ]);
      return { devices, geofences, receivers };
    },
  });
}
