import { useCanAccess, useRecordContext } from 'react-admin';
import Box from '@mui/material/Box';
import { POLICIES } from '../../../../common/policies';
import { ROLE_PLUG_AND_PLAY_USER } from '../../../../common/roles';
import { PersonalDataSection } from '../privacy/PersonalDataSection';

/**
 * A carer's export and erasure on their user page, for staff who handle citizens' data (the
 * server's rule: staff with the citizens policy, a carer of their own tenant). A carer who cannot
 * sign in any more asks the organisation; this is where it answers.
 */
export function CarerPersonalData() {
  const record = useRecordContext<{ id: string; roleNames?: string[] }>();
  const { canAccess = false } = useCanAccess({ resource: POLICIES.citizens, action: 'access' });
  if (!canAccess || !record?.roleNames?.includes(ROLE_PLUG_AND_PLAY_USER)) return null;
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <PersonalDataSection subjectType="user" listResource="identity-management/users" />
    </Box>
  );
}
