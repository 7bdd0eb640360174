import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import TuneIcon from '@mui/icons-material/Tune';
import { useCanAccess, useRecordContext } from 'react-admin';
import { FeaturesDialog } from './FeaturesDialog';

/** Opens the tenant's features dialog (Saas.Tenants.ManageFeatures). */
export function FeaturesButton() {
  const { t } = useTranslation('management');
  const record = useRecordContext<{ id: string; name: string }>();
  const [open, setOpen] = useState(false);
  const { canAccess } = useCanAccess({ resource: 'Saas.Tenants.ManageFeatures', action: 'access' });
  if (!record || !canAccess) return null;
  return (
    <>
      <Button size="small" startIcon={<TuneIcon />} onClick={(e) => { e.stopPropagation(); setOpen(true); }} aria-label={t('features.open', { name: record.name })}>
        {t('features.button')}
      </Button>
      {open && <FeaturesDialog tenant={record} onClose={() => setOpen(false)} />}
    </>
  );
}
