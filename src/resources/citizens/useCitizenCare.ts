import { useQuery } from '@tanstack/react-query';
import { api, type AnswerOf } from '../../providers/openapi/typedApi';

/** The items of a citizen's lists, as the API declares them. */
export type CitizenDevice = AnswerOf<'/api/app/monitoredObject/{id}/devices'>['items'][number];
export type AlarmReceiver = AnswerOf<'/api/app/monitoredObject/{id}/alarm-responders'>['items'][number];

/** A citizen's devices, the zones linked to them or their devices, and their devices' alarm receivers. */
export function useCitizenCare(id: string) {
  return useQuery({
    queryKey: ['citizens', id, 'care'],
    queryFn: async () => {
      const params = { params: { id } };
      const [devices, geofences, receivers] = await Promise.all([
        api('get', '/api/app/monitoredObject/{id}/devices', params).then((r) => r.items),
        api('get', '/api/app/monitoredObject/{id}/geofences', params).then((r) => r.items),
        api('get', '/api/app/monitoredObject/{id}/alarm-responders', params).then((r) => r.items),
      ]);
      return { devices, geofences, receivers };
    },
  });
}
