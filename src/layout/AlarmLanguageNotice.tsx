import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import visuallyHidden from '@mui/utils/visuallyHidden';
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
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
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
  const differs = t('app.alarmLanguage.differs', { language: written.displayName });
  return (
    <Alert
      severity="info"
      role="status"
      // On a phone one dense line (the full notice took a fifth of the screen): the language in a
      // few words and a short button, no icon. The full sentence is what a screen reader reads,
      // and the line's tooltip.
      icon={isSmall ? false : undefined}
      sx={isSmall ? { borderRadius: 0, mb: 1, py: 0, px: 1.5, alignItems: 'center', '& .MuiAlert-message': { py: 0.75, minWidth: 0 }, '& .MuiAlert-action': { pt: 0, mr: 0, pl: 1 } } : { borderRadius: 0, mb: 1 }}
      action={
        <Button color="inherit" size="small" disabled={saving} onClick={() => void writeInShown()} sx={isSmall ? { whiteSpace: 'nowrap' } : undefined}>
          {t(isSmall ? 'app.alarmLanguage.useShort' : 'app.alarmLanguage.use')}
        </Button>
      }
    >
      {isSmall ? (
        <Box component="span" title={differs} sx={{ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          <span aria-hidden="true">{t('app.alarmLanguage.short', { language: written.displayName })}</span>
          <Box component="span" sx={visuallyHidden}>
            {differs}
          </Box>
        </Box>
      ) : (
        differs
      )}
    </Alert>
  );
}
