import { useTranslation } from 'react-i18next';
import { Create } from 'react-admin';
import { TenantForm } from './TenantForm';
import { tenantBody } from './tenantBody';
import { useTenantSaved } from './useTenantSaved';

export default function TenantCreate() {
  const { t } = useTranslation('management');
  return (
    <Create title={t('tenants.create')} transform={tenantBody} mutationOptions={useTenantSaved('created')}>
      <TenantForm />
    </Create>
  );
}
