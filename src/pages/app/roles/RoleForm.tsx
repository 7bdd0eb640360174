import { useTranslation } from 'react-i18next';
import { BooleanInput, required, TextInput } from 'react-admin';
import { AppSimpleForm } from '../../../components/forms/AppSimpleForm';

/** Fields the roles endpoint accepts (it refuses any other property). */
export function roleBody(data: Record<string, unknown>) {
  return {
    name: data.name,
    isDefault: data.isDefault === true,
    isPublic: data.isPublic === true,
    ...(typeof data.concurrencyStamp === 'string' ? { concurrencyStamp: data.concurrencyStamp } : {}),
  };
}

export function RoleForm() {
  const { t } = useTranslation('admin');
  return (
    <AppSimpleForm>
      <TextInput source="name" label={t('roles.fields.name')} validate={required()} fullWidth />
      <BooleanInput source="isDefault" label={t('roles.fields.isDefault')} />
      <BooleanInput source="isPublic" label={t('roles.fields.isPublic')} />
    </AppSimpleForm>
  );
}
