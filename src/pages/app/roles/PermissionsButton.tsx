import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import KeyIcon from '@mui/icons-material/Key';
import { useCanAccess, useRecordContext } from 'react-admin';
import { PermissionsDialog } from './PermissionsDialog';

/** Row action: opens the role's permissions dialog (AbpIdentity.Roles.ManagePermissions). */
export function PermissionsButton() {
  const { t } = useTranslation('admin');
  const record = useRecordContext<{ name: string; tenantId?: string | null }>();
  const [open, setOpen] = useState(false);
  const { canAccess } = useCanAccess({ resource: 'AbpIdentity.Roles.ManagePermissions', action: 'access' });
  if (!record || !canAccess) return null;
  return (
    <>
      <Button size="small" startIcon={<KeyIcon />} onClick={(e) => { e.stopPropagation(); setOpen(true); }} aria-label={t('roles.permissions.open', { name: record.name })}>
        {t('roles.permissions.button')}
      </Button>
      {open && <PermissionsDialog roleName={record.name} tenantId={record.tenantId} onClose={() => setOpen(false)} />}
    </>
  );
}
