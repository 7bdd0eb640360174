import { useTranslation } from 'react-i18next';
import { AutocompleteArrayInput, email, PasswordInput, required, SimpleForm, TextInput } from 'react-admin';
import { useAssignableRoles } from './useAssignableRoles';
import { passwordValidator } from './userBody';

/** User fields; the password only on create, checked with the shared password rule. */
export function UserForm({ withPassword }: { withPassword: boolean }) {
  const { t } = useTranslation('admin');
  const roles = useAssignableRoles();
  return (
    <SimpleForm>
      <TextInput source="userName" label={t('users.fields.userName')} validate={required()} fullWidth />
      <TextInput source="email" type="email" label={t('users.fields.email')} validate={[required(), email()]} fullWidth />
      <TextInput source="name" label={t('users.fields.name')} fullWidth />
      <TextInput source="surname" label={t('users.fields.surname')} fullWidth />
      <TextInput source="phoneNumber" type="tel" label={t('users.fields.phoneNumber')} fullWidth />
      {withPassword && <PasswordInput source="password" label={t('users.fields.password')} validate={[required(), passwordValidator(t)]} fullWidth autoComplete="new-password" />}
      <AutocompleteArrayInput source="roleNames" label={t('users.fields.roleNames')} choices={roles} optionText="name" optionValue="name" fullWidth />
    </SimpleForm>
  );
}
