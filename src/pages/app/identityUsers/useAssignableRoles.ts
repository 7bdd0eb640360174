import { useQuery } from '@tanstack/react-query';
import { httpClient } from '../../../providers/httpClient';
import { ownTenantHeaders } from '../roles/tenantScope';

export interface AssignableRole {
  id: string;
  name: string;
}

/**
 * GET /api/identity/users/assignable-roles: the roles the signed-in user may hand out, in the
 * edited user's own tenant (`tenantId`, null for the host; undefined: as the tenant filter says).
 */
export function useAssignableRoles(tenantId?: string | null): AssignableRole[] {
  const { data } = useQuery({
    queryKey: ['identity', 'assignable-roles', tenantId],
    queryFn: async ({ signal }) => {
      const headers = ownTenantHeaders(tenantId);
      return (await httpClient<{ items: AssignableRole[] }>('/api/identity/users/assignable-roles', { signal, ...(headers ? { headers } : {}) })).json?.items ?? [];
    },
  });
  return data ?? [];
}
