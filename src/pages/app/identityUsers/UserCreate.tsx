import { useTranslation } from 'react-i18next';
import { Create } from 'react-admin';
import { UserForm } from './UserForm';
import { userBody } from './userBody';

export default function UserCreate() {
  const { t } = useTranslation('admin');
  return (
    <Create title={t('users.create')} redirect="list" transform={userBody}>
      <UserForm withPassword />
    </Create>
  );
}
