import { useTranslation } from 'react-i18next';
import { AutocompleteArrayInput, BooleanInput, email, PasswordInput, required, TextInput, useRecordContext } from 'react-admin';
import { AppSimpleForm } from '../../../components/forms/AppSimpleForm';
import { showsAllTenants } from '../roles/tenantScope';
import { useAssignableRoles } from './useAssignableRoles';
import { useOrganizationUnits } from './useOrganizationUnits';
import { passwordValidator } from './userBody';

/** User fields; the password only on create, checked with the shared password rule. */
export function UserForm({ withPassword }: { withPassword: boolean }) {
  const { t } = useTranslation('admin');
  const { t: ti } = useTranslation('identity');
  const record = useRecordContext<{ tenantId?: string | null }>();
  // The pickers offer the user's own tenant's roles and units: an edited user's tenant; for a new
  // user the tenant it is made in (with all tenants chosen, the host, as the server does).
  const tenantId = withPassword ? (showsAllTenants() ? null : undefined) : record?.tenantId;
  const roles = useAssignableRoles(tenantId);
  const units = useOrganizationUnits(tenantId);
  return (
    <AppSimpleForm defaultValues={withPassword ? { isActive: true, phoneNumberLoginEnabled: false } : undefined}>
      <TextInput source="userName" label={t('users.fields.userName')} validate={required()} fullWidth />
      <TextInput source="email" type="email" label={t('users.fields.email')} validate={[required(), email()]} fullWidth />
      <TextInput source="name" label={t('users.fields.name')} fullWidth />
      <TextInput source="surname" label={t('users.fields.surname')} fullWidth />
      <TextInput source="phoneNumber" type="tel" label={t('users.fields.phoneNumber')} fullWidth />
      <BooleanInput source="phoneNumberLoginEnabled" label={ti('users.phoneNumberLoginEnabled')} />
      {withPassword && <PasswordInput source="password" label={t('users.fields.password')} validate={[required(), passwordValidator(t)]} fullWidth autoComplete="new-password" />}
      <AutocompleteArrayInput source="roleNames" label={t('users.fields.roleNames')} choices={roles} optionText="name" optionValue="name" fullWidth />
      {units.allowed && <AutocompleteArrayInput source="organizationUnitIds" label={ti('users.organizationUnits')} choices={units.units} optionText="displayName" optionValue="id" fullWidth />}
      <BooleanInput source="isActive" label={ti('users.isActive')} />
      {/* New users follow the lockout setting for new users; afterwards it is the user's own. */}
      {!withPassword && <BooleanInput source="lockoutEnabled" label={ti('users.lockoutEnabled')} helperText={ti('users.lockoutEnabledHelp')} />}
    </AppSimpleForm>
  );
}
