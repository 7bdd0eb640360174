import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { BooleanInput, maxValue, minValue, NumberInput, required } from 'react-admin';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../../common/password-policy';
import { api } from '../../../providers/openapi/typedApi';
import { SettingsForm } from './SettingsForm';
import { SecondFactorSetting } from './SecondFactorSetting';
import { identitySettingsBody, type IdentitySettings } from './settingsBody';

/** The four character classes SPEC section 5 always requires: shown, not changeable. */
const FIXED = ['requireLowercase', 'requireUppercase', 'requireDigit', 'requireNonAlphanumeric'] as const;

/** Password policy and lockout (SettingManagement.Identity). */
export function IdentitySettingsTab({ scope }: { scope: string }) {
  const { t } = useTranslation('management');
  return (
    <>
      <SettingsForm<IdentitySettings>
        queryKey={['management', 'settings', 'identity', scope]}
        load={(signal) => api('get', '/api/setting-management/identity', { signal })}
        save={(values) => api('put', '/api/setting-management/identity', { body: identitySettingsBody(values) })}
      >
        <Typography variant="h6" component="h2">
          {t('settings.password.title')}
        </Typography>
        <NumberInput
          source="password.requiredLength"
          label={t('settings.password.requiredLength')}
          validate={[required(), minValue(PASSWORD_MIN), maxValue(PASSWORD_MAX)]}
          helperText={t('settings.password.requiredLengthHelp', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
          step={1}
          fullWidth
        />
        <NumberInput source="password.previousPasswordsToRemember" label={t('settings.password.previousPasswordsToRemember')} helperText={t('settings.password.previousHelp')} validate={required()} step={1} fullWidth />
        {FIXED.map((field) => (
          <BooleanInput key={field} source={`password.${field}`} label={t(`settings.password.${field}`)} disabled helperText={false} />
        ))}
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('settings.password.fixedHelp')}
        </Typography>
        <Typography variant="h6" component="h2">
          {t('settings.lockout.title')}
        </Typography>
        <BooleanInput source="lockout.allowedForNewUsers" label={t('settings.lockout.allowedForNewUsers')} helperText={false} />
        <NumberInput source="lockout.maxFailedAccessAttempts" label={t('settings.lockout.maxFailedAccessAttempts')} validate={required()} step={1} fullWidth />
        <NumberInput source="lockout.lockoutDuration" label={t('settings.lockout.lockoutDuration')} helperText={t('settings.lockout.lockoutDurationHelp')} validate={required()} step={60} fullWidth />
      </SettingsForm>
      <SecondFactorSetting scope={scope} />
    </>
  );
}
