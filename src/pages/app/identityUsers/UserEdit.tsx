import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { Edit } from 'react-admin';
import { CarerPersonalData } from './CarerPersonalData';
import { SetPasswordButton } from './SetPasswordButton';
import { TwoFactorSwitch } from './TwoFactorSwitch';
import { UserForm } from './UserForm';
import { userBody } from './userBody';

export default function UserEdit() {
  const { t } = useTranslation('admin');
  return (
    <Edit title={t('users.edit')} redirect="list" mutationMode="pessimistic" transform={userBody}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, pt: 2 }}>
        <TwoFactorSwitch />
        <SetPasswordButton />
      </Box>
      <UserForm withPassword={false} />
      <CarerPersonalData />
    </Edit>
  );
}
