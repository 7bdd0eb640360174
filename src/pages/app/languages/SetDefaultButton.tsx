import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import StarOutlineIcon from '@mui/icons-material/StarOutline';
import { useCanAccess, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { api } from '../../../providers/openapi/typedApi';
import type { LanguageRecord } from './languageBody';

/** Row action "Set as default" for an offered language that is not the default (…ChangeDefault). */
export function SetDefaultButton() {
  const { t } = useTranslation('management');
  const record = useRecordContext<LanguageRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const { canAccess } = useCanAccess({ resource: 'LanguageManagement.Languages.ChangeDefault', action: 'access' });
  if (!record || !canAccess || record.isDefaultLanguage || !record.isEnabled) return null;

  const run = async () => {
    setBusy(true);
    try {
      await api('put', '/api/language-management/languages/{id}/set-as-default', { params: { id: record.id } });
      notify(t('languages.defaultSet', { name: record.displayName }), { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<StarOutlineIcon />} disabled={busy} onClick={(e) => { e.stopPropagation(); void run(); }} aria-label={t('languages.setDefaultOf', { name: record.displayName })}>
      {t('languages.setDefault')}
    </Button>
  );
}
