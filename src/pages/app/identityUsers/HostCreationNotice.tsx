import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { ALL_TENANTS } from '../../../../common/roles';
import { useHostTenantAccess } from '../../../layout/TenantFilter';
import { readTenantFilter } from '../../../providers/tenantFilter';

/**
 * Says where a new user goes when a host user creates one with the tenant filter on All: the
 * host's own organisation (docs/decisions/029-tenant-filter-all-and-the-permission-dialog.md), and how to create one in a
 * tenant instead. Nothing for anyone else, nor with a tenant or the own organisation chosen.
 */
export function HostCreationNotice() {
  const { t } = useTranslation('admin');
  const host = useHostTenantAccess();
  if (!host || readTenantFilter() !== ALL_TENANTS) return null;
  return (
    <Alert severity="info" sx={{ mx: 2, mt: 2 }}>
      {t('tenantFilter.userCreatedInHost')}
    </Alert>
  );
}
