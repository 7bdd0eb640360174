import { useTranslation } from 'react-i18next';
import { useCanAccess, useRecordContext } from 'react-admin';
import { POLICIES } from '../../../../common/policies';
import { SecondFactorSwitch } from '../../../components/SecondFactorSwitch';

/** Whether the role's members must sign in with a second factor, on the role's edit page. */
export function RoleSecondFactor() {
  // Its texts load with the page: nothing until they are there, rather than their keys.
  const { t, ready } = useTranslation('security');
  const record = useRecordContext<{ id: string; name: string }>();
  const { canAccess: canUpdate = false } = useCanAccess({ resource: `${POLICIES.roles}.Update`, action: 'access' });
  if (!record || !ready) return null;
  return <SecondFactorSwitch roleId={record.id} queryKey={['identity', 'role-second-factor', record.id]} label={t('requirement.roleLabel')} readOnly={!canUpdate} sx={{ p: 2 }} />;
}
