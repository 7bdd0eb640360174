import { useTranslation } from 'react-i18next';
import { Create } from 'react-admin';
import { roleBody, RoleForm } from './RoleForm';

export default function RoleCreate() {
  const { t } = useTranslation('admin');
  return (
    <Create title={t('roles.create')} redirect="list" transform={roleBody}>
      <RoleForm />
    </Create>
  );
}
