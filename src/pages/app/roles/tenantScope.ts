import { useQuery } from '@tanstack/react-query';
import { ALL_TENANTS } from '../../../../common/roles';
import { fetchTenantLookup, TENANT_LOOKUP_QUERY_KEY } from '../../../layout/TenantFilter';
import { readTenantFilter } from '../../../providers/tenantFilter';

export { ownTenantHeaders } from '../../../providers/tenantFilter';

/** Whether the tenant filter shows every tenant's records. */
export const showsAllTenants = (): boolean => readTenantFilter() === ALL_TENANTS;

/**
 * The tenants' names by id, for a Tenant column while every tenant's records are listed (the app
 * bar's own lookup, shared through its query key). Empty otherwise.
 */
export function useTenantNames(enabled: boolean): ReadonlyMap<string, string> {
  const { data } = useQuery({
    queryKey: TENANT_LOOKUP_QUERY_KEY,
    enabled,
    queryFn: ({ signal }) => fetchTenantLookup(signal),
  });
  return new Map((data ?? []).map((t) => [t.id, t.name]));
}
