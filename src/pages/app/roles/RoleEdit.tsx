import { useTranslation } from 'react-i18next';
import { Edit } from 'react-admin';
import { RoleClaims } from './RoleClaims';
import { RoleSecondFactor } from './RoleSecondFactor';
import { roleBody, RoleForm } from './RoleForm';

export default function RoleEdit() {
  const { t } = useTranslation('admin');
  return (
    <Edit title={t('roles.edit')} redirect="list" mutationMode="pessimistic" transform={roleBody}>
      <RoleForm />
      <RoleClaims />
      <RoleSecondFactor />
    </Edit>
  );
}
