import { useQuery } from '@tanstack/react-query';
import { TENANT_HEADER } from '../../../../common/abp-contract';
import { ALL_TENANTS } from '../../../../common/roles';
import { fetchTenantLookup, TENANT_LOOKUP_QUERY_KEY } from '../../../layout/TenantFilter';
import { OWN_ORGANISATION, readTenantFilter } from '../../../providers/tenantFilter';

/**
 * The `__tenant` header that makes a request act in a record's own tenant (null: the host), so a
 * picker or a dialog opened from a list of every tenant's records works on the record's tenant and
 * never on the host's records of the same name. Undefined (record without a tenant field): the
 * tenant filter applies as usual.
 */
export function ownTenantHeaders(tenantId: string | null | undefined): Record<string, string> | undefined {
  return tenantId === undefined ? undefined : { [TENANT_HEADER]: tenantId ?? OWN_ORGANISATION };
}

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
