import { useTranslation } from 'react-i18next';
import { Edit, SaveButton, Toolbar, TopToolbar } from 'react-admin';
import Box from '@mui/material/Box';
import { FeaturesButton } from './FeaturesButton';
import { TenantForm } from './TenantForm';
import { tenantBody } from './tenantBody';
import { DeleteTenantButton } from './DeleteTenantButton';
import { useTenantSaved } from './useTenantSaved';

function EditToolbar() {
  return (
    <Toolbar>
      <SaveButton />
      <Box sx={{ flex: 1 }} />
      <DeleteTenantButton />
    </Toolbar>
  );
}

/** Edit a tenant; Features is in the top bar so it is at hand on a phone too. */
export default function TenantEdit() {
  const { t } = useTranslation('management');
  return (
    <Edit title={t('tenants.edit')} mutationMode="pessimistic" transform={tenantBody} mutationOptions={useTenantSaved('updated')} actions={<TopToolbar><FeaturesButton /></TopToolbar>}>
      <TenantForm toolbar={<EditToolbar />} />
    </Edit>
  );
}
