import { useTranslation } from 'react-i18next';
import { Create } from 'react-admin';
import { UserForm } from './UserForm';
import { userBody } from './userBody';
import { HostCreationNotice } from './HostCreationNotice';

export default function UserCreate() {
  const { t } = useTranslation('admin');
  return (
    <Create title={t('users.create')} redirect="list" transform={userBody}>
      <HostCreationNotice />
      <UserForm withPassword />
    </Create>
  );
}
