import { useQuery } from '@tanstack/react-query';
import { useCanAccess } from 'react-admin';
import { POLICIES } from '../../../../common/policies';
import { fetchUnits, type Unit } from '../organizationUnits/api';

/**
 * The organization units a user may join, when the signed-in user may read them: the edited
 * user's own tenant's (`tenantId`, null for the host; undefined: as the tenant filter says).
 */
export function useOrganizationUnits(tenantId?: string | null): { allowed: boolean; units: Unit[] } {
  const { canAccess = false } = useCanAccess({ resource: POLICIES.organizationUnits, action: 'access' });
  const { data } = useQuery({ queryKey: ['organization-units', 'all', tenantId], queryFn: ({ signal }) => fetchUnits(signal, tenantId), enabled: canAccess });
  return { allowed: canAccess, units: [...(data ?? [])].sort((a, b) => a.code.localeCompare(b.code)) };
}
