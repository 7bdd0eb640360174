import { useTranslation } from 'react-i18next';
import { Edit, TopToolbar } from 'react-admin';
import { SaveDeleteToolbar } from '../management/SaveDeleteToolbar';
import { FeaturesButton } from './FeaturesButton';
import { TenantForm } from './TenantForm';
import { tenantBody } from './tenantBody';
import { DeleteTenantButton } from './DeleteTenantButton';
import { useTenantSaved } from './useTenantSaved';

/** Edit a tenant; Features is in the top bar so it is at hand on a phone too. */
export default function TenantEdit() {
  const { t } = useTranslation('management');
  return (
    <Edit title={t('tenants.edit')} mutationMode="pessimistic" transform={tenantBody} mutationOptions={useTenantSaved('updated')} actions={<TopToolbar><FeaturesButton /></TopToolbar>}>
      <TenantForm toolbar={<SaveDeleteToolbar deleteButton={<DeleteTenantButton />} />} />
    </Edit>
  );
}
