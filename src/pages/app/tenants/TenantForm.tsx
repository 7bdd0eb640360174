import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { BooleanInput, email, maxLength, regex, required, TextInput, type ToolbarProps } from 'react-admin';
import { AppSimpleForm } from '../../../components/forms/AppSimpleForm';
import type { ReactElement } from 'react';
import { DateTimeInput } from '../../../components/dates/DateTimeInput';

/** Limits of the tenant endpoint (server/tenancy/tenant-body.ts), checked here before sending. */
const PHONE = /^\+?[0-9]{4,19}$/;

/** Name, activation (active flag and optional end) and the back office's contact fields. */
export function TenantForm({ toolbar }: { toolbar?: ReactElement<ToolbarProps> }) {
  const { t } = useTranslation('management');
  return (
    <AppSimpleForm {...(toolbar ? { toolbar } : {})} sx={{ maxWidth: 720 }}>
      <TextInput source="name" label={t('tenants.fields.name')} validate={[required(), maxLength(64)]} fullWidth autoComplete="off" />
      <BooleanInput source="isActive" label={t('tenants.fields.isActive')} defaultValue helperText={t('tenants.help.isActive')} />
      <DateTimeInput source="activationEndDate" label={t('tenants.fields.activationEndDate')} helperText={t('tenants.help.activationEndDate')} fullWidth />
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>
        {t('tenants.contact')}
      </Typography>
      <TextInput source="contactEmail" type="email" label={t('tenants.fields.contactEmail')} validate={[email(), maxLength(256)]} fullWidth autoComplete="off" />
      <TextInput source="phoneNumber" type="tel" label={t('tenants.fields.phoneNumber')} validate={regex(PHONE, t('tenants.help.phoneNumber'))} helperText={t('tenants.help.phoneNumber')} fullWidth autoComplete="off" />
      <TextInput source="address" label={t('tenants.fields.address')} validate={maxLength(512)} multiline minRows={2} fullWidth />
      <TextInput source="customerNumber" label={t('tenants.fields.customerNumber')} validate={maxLength(64)} fullWidth autoComplete="off" />
      <TextInput source="notes" label={t('tenants.fields.notes')} validate={maxLength(4000)} multiline minRows={3} fullWidth />
    </AppSimpleForm>
  );
}
