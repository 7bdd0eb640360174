import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useNotify } from 'react-admin';
import { restoreText, saveText, type LanguageText } from './api';

/**
 * A text's value with inline editing: Edit → a field, Save sends PUT, Cancel drops the change.
 * A text changed here (isCustomized) can be put back to the shipped translation.
 */
export function EditableValue({ text, onSaved }: { text: LanguageText; onSaved: () => void }) {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const [draft, setDraft] = useState<string>();
  const [saving, setSaving] = useState(false);

  /** Sends one change; on success the row is read again and the editor closes. */
  const run = async (change: () => Promise<void>, done: string) => {
    setSaving(true);
    try {
      await change();
      notify(done, { type: 'success' });
      setDraft(undefined);
      onSaved();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  if (draft === undefined) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <span>{text.value ?? ''}</span>
        <Stack direction="row" spacing={1}>
          {text.isCustomized && (
            <Button size="small" disabled={saving} onClick={() => void run(() => restoreText(text), t('languageTexts.restored'))} aria-label={t('languageTexts.restoreKey', { key: text.name })}>
              {t('languageTexts.restore')}
            </Button>
          )}
          <Button size="small" onClick={() => setDraft(text.value ?? text.baseValue ?? '')} aria-label={t('languageTexts.editKey', { key: text.name })}>
            {t('languageTexts.edit')}
          </Button>
        </Stack>
      </Stack>
    );
  }
  const save = () => run(() => saveText(text, draft), t('languageTexts.saved'));
  return (
    <Stack spacing={1}>
      <TextField size="small" multiline autoFocus label={t('languageTexts.valueOf', { key: text.name })} value={draft} onChange={(e) => setDraft(e.target.value)} fullWidth />
      <Stack direction="row" spacing={1}>
        <Button size="small" variant="contained" disabled={saving || draft.trim() === ''} onClick={() => void save()}>
          {t('languageTexts.save')}
        </Button>
        <Button size="small" onClick={() => setDraft(undefined)}>
          {t('languageTexts.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}
