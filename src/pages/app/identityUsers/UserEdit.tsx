import { useTranslation } from 'react-i18next';
import { Edit } from 'react-admin';
import { UserForm } from './UserForm';
import { userBody } from './userBody';

export default function UserEdit() {
  const { t } = useTranslation('admin');
  return (
    <Edit title={t('users.edit')} redirect="list" mutationMode="pessimistic" transform={userBody}>
      <UserForm withPassword={false} />
    </Edit>
  );
}
