import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useNotify } from 'react-admin';
import { POLICIES } from '../../common/policies';
import { findLanguage } from '../../common/languages';
import { fetchProfile, PROFILE_KEY } from '../pages/app/account/api';
import { cultureOf, saveOwnLanguage } from '../pages/app/account/ownLanguage';

/**
 * The app speaks the language this browser asked for, while alarms and mails are written in the
 * language the user chose (server/accounts/user-language.ts). When the two differ, say so and
 * offer to write them in the app's language: a carer never gets English alarms beside Danish
 * buttons without being told. Users without an account of their own (no account policy) see nothing.
 */
export function AlarmLanguageNotice() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const { canAccess } = useCanAccess({ resource: POLICIES.account, action: 'list' });
  const profile = useQuery({ queryKey: PROFILE_KEY, queryFn: ({ signal }) => fetchProfile(signal), enabled: canAccess === true, retry: false, staleTime: 60_000 });
  const shown = cultureOf(i18n.language);
  const written = findLanguage(profile.data?.language);
  if (!written || written.cultureName === shown) return null;
  const writeInShown = async () => {
    setSaving(true);
    try {
      await saveOwnLanguage(queryClient, shown);
    } catch {
      notify(t('app.languageNotSaved'), { type: 'warning' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Alert
      severity="info"
      role="status"
      sx={{ borderRadius: 0, mb: 1 }}
      action={
        <Button color="inherit" size="small" disabled={saving} onClick={() => void writeInShown()}>
          {t('app.alarmLanguage.use')}
        </Button>
      }
    >
      {t('app.alarmLanguage.differs', { language: written.displayName })}
    </Alert>
  );
}
