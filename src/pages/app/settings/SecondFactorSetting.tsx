import { useTranslation } from 'react-i18next';
import { SecondFactorSwitch } from '../../../components/SecondFactorSwitch';

/** "Require a second factor" for the host or the tenant picked in the tenant filter (setting Vigil.Identity.RequireSecondFactor). */
export function SecondFactorSetting({ scope }: { scope: string }) {
  const { t } = useTranslation('security');
  return (
    <SecondFactorSwitch
      queryKey={['management', 'settings', 'second-factor', scope]}
      label={t('requirement.tenantLabel')}
      sx={{ maxWidth: 640, mt: 3 }}
    />
  );
}
