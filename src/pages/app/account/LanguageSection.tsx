import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LANGUAGES } from '../../../../common/languages';
import { failureOf, type OwnLanguage } from './api';
import { cultureOf, saveOwnLanguage } from './ownLanguage';
import { Section } from './Section';

/**
 * Language: the one language of the app and of everything Vigil writes to the user (alarms in
 * every channel, reminders, mails). Shows what the server keeps; a change is saved first, then
 * the app switches to it (the app bar's switch saves the same value: ownLanguage.ts).
 */
export function LanguageSection({ language }: { language: OwnLanguage }) {
  const { t, i18n } = useTranslation('profile');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ saved: true } | { error: string }>();

  const choose = async (next: OwnLanguage) => {
    setBusy(true);
    setOutcome(undefined);
    try {
      await saveOwnLanguage(queryClient, next);
      if (cultureOf(i18n.language) !== next) await i18n.changeLanguage(next);
      setOutcome({ saved: true });
    } catch (error) {
      setOutcome({ error: failureOf(error, t('account.language.failed')).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section id="account-language" title={t('account.language.title')} intro={t('account.language.intro')}>
      <Stack spacing={1.5}>
        <TextField
          id="account-language-choice"
          select
          label={t('account.language.label')}
          value={language}
          disabled={busy}
          onChange={(e) => void choose(cultureOf(e.target.value))}
          slotProps={{ select: { native: true } }}
          fullWidth
        >
          {LANGUAGES.map((l) => (
            <option key={l.cultureName} value={l.cultureName} lang={l.twoLetterISOLanguageName}>
              {l.displayName}
            </option>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary" role="status">
          {outcome && 'saved' in outcome ? t('account.language.saved') : ''}
        </Typography>
        {outcome && 'error' in outcome && (
          <Alert severity="error" role="alert">
            {outcome.error}
          </Alert>
        )}
      </Stack>
    </Section>
  );
}
