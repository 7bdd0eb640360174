import { useQuery } from '@tanstack/react-query';
import { api, type AnswerOf } from '../../../providers/openapi/typedApi';
import { ownTenantHeaders } from '../roles/tenantScope';

export type AssignableRole = AnswerOf<'/api/identity/users/assignable-roles'>['items'][number];

/**
 * GET /api/identity/users/assignable-roles: the roles the signed-in user may hand out, in the
 * edited user's own tenant (`tenantId`, null for the host; undefined: as the tenant filter says).
 */
export function useAssignableRoles(tenantId?: string | null): AssignableRole[] {
  const { data } = useQuery({
    queryKey: ['identity', 'assignable-roles', tenantId],
    queryFn: async ({ signal }) => {
      const headers = ownTenantHeaders(tenantId);
      return (await api('get', '/api/identity/users/assignable-roles', { signal, ...(headers ? { headers } : {}) })).items;
    },
  });
  return data ?? [];
}
