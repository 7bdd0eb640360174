import { useQuery } from '@tanstack/react-query';
import { httpClient } from '../../providers/httpClient';
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

const ENDPOINT = '/api/app/monitoredObject';

async function items<T>(path: string): Promise<T[]> {
  return (await httpClient<{ items: T[] }>(path)).json?.items ?? [];
}

/** A citizen's devices, the zones linked to them or their devices, and their devices' alarm receivers. */
export function useCitizenCare(id: string) {
  return useQuery({
    queryKey: ['citizens', id, 'care'],
    queryFn: async () => {
      const [devices, geofences, receivers] = await Promise.all([
        items<CitizenDevice>(`${ENDPOINT}/${id}/devices`),
        items<GeofenceDto>(`${ENDPOINT}/${id}/geofences`),
        items<AlarmReceiver>(`${ENDPOINT}/${id}/alarm-responders`),
      ]);
      return { devices, geofences, receivers };
    },
  });
}
