import { useQuery } from '@tanstack/react-query';
import { useCanAccess } from 'react-admin';
import { POLICIES } from '../../../../common/policies';
import { fetchUnits, type Unit } from '../organizationUnits/api';

/** The tenant's organization units for the user form, when the signed-in user may read them. */
export function useOrganizationUnits(): { allowed: boolean; units: Unit[] } {
  const { canAccess = false } = useCanAccess({ resource: POLICIES.organizationUnits, action: 'access' });
  const { data } = useQuery({ queryKey: ['organization-units', 'all'], queryFn: ({ signal }) => fetchUnits(signal), enabled: canAccess });
  return { allowed: canAccess, units: [...(data ?? [])].sort((a, b) => a.code.localeCompare(b.code)) };
}
