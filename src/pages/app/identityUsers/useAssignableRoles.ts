import { useQuery } from '@tanstack/react-query';
import { httpClient } from '../../../providers/httpClient';

export interface AssignableRole {
  id: string;
  name: string;
}

/** GET /api/identity/users/assignable-roles: the roles the signed-in user may hand out. */
export function useAssignableRoles(): AssignableRole[] {
  const { data } = useQuery({
    queryKey: ['identity', 'assignable-roles'],
    queryFn: async ({ signal }) => (await httpClient<{ items: AssignableRole[] }>('/api/identity/users/assignable-roles', { signal })).json?.items ?? [],
  });
  return data ?? [];
}
