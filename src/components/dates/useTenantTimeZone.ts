import { useQuery } from '@tanstack/react-query';
import { getApplicationConfiguration } from '../../providers/sessionData';

/**
 * The tenant's time zone (ABP's Abp.Timing.TimeZone, as application-configuration's `timing`
 * names it): the zone the server writes alarm texts in, so the times the app shows beside them
 * are told in it too. Undefined until it is known (and for no zone set): the device's zone then.
 */
export function useTenantTimeZone(): string | undefined {
  const { data } = useQuery({
    queryKey: ['session', 'time-zone'],
    staleTime: Infinity,
    queryFn: async () => (await getApplicationConfiguration()).timing.timeZone.iana.timeZoneName ?? null,
  });
  return data ?? undefined;
}
