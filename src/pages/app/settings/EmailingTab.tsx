import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import Typography from '@mui/material/Typography';
import { BooleanInput, email, maxValue, minValue, NumberInput, PasswordInput, required, TextInput } from 'react-admin';
import { api } from '../../../providers/openapi/typedApi';
import { SettingsForm } from './SettingsForm';
import { emailingBody, type EmailSettingsForm } from './settingsBody';

/** The SMTP password is write-only: say whether one is stored, offer to remove it. */
function SmtpPassword() {
  const { t } = useTranslation('management');
  const stored = useWatch({ name: 'hasSmtpPassword' }) === true;
  return (
    <>
      <PasswordInput
        source="smtpPassword"
        label={t('settings.emailing.smtpPassword')}
        helperText={stored ? t('settings.emailing.passwordStored') : t('settings.emailing.passwordNone')}
        autoComplete="new-password"
        fullWidth
      />
      {stored && <BooleanInput source="clearSmtpPassword" label={t('settings.emailing.clearSmtpPassword')} helperText={false} />}
    </>
  );
}

/** Sender and SMTP server (SettingManagement.Emailing). */
export function EmailingTab({ scope }: { scope: string }) {
  const { t } = useTranslation('management');
  return (
    <SettingsForm<EmailSettingsForm>
      queryKey={['management', 'settings', 'emailing', scope]}
      load={(signal) => api('get', '/api/setting-management/emailing', { signal })}
      save={(values) => api('post', '/api/setting-management/emailing', { body: emailingBody(values) })}
    >
      <Typography variant="h6" component="h2">
        {t('settings.emailing.sender')}
      </Typography>
      <TextInput source="defaultFromDisplayName" label={t('settings.emailing.defaultFromDisplayName')} validate={required()} fullWidth />
      <TextInput source="defaultFromAddress" type="email" label={t('settings.emailing.defaultFromAddress')} validate={[required(), email()]} fullWidth />
      <Typography variant="h6" component="h2">
        {t('settings.emailing.smtp')}
      </Typography>
      <TextInput source="smtpHost" label={t('settings.emailing.smtpHost')} validate={required()} fullWidth slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }} />
      <NumberInput source="smtpPort" label={t('settings.emailing.smtpPort')} validate={[required(), minValue(1), maxValue(65535)]} step={1} fullWidth />
      <BooleanInput source="smtpEnableSsl" label={t('settings.emailing.smtpEnableSsl')} helperText={false} />
      <BooleanInput source="smtpUseDefaultCredentials" label={t('settings.emailing.smtpUseDefaultCredentials')} helperText={t('settings.emailing.defaultCredentialsHelp')} />
      <TextInput source="smtpUserName" label={t('settings.emailing.smtpUserName')} fullWidth autoComplete="off" />
      <SmtpPassword />
      <TextInput source="smtpDomain" label={t('settings.emailing.smtpDomain')} fullWidth autoComplete="off" />
    </SettingsForm>
  );
}
