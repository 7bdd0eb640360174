import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { profileProblems } from '../../../../common/caregiver-account';
import { publicApi } from '../publicApi';
import { useProblemMessages } from './useFieldErrors';

/** Asks for a new registration link; the answer is the same whether or not the address has an account. */
export function ResendLink({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation('profile');
  const messagesOf = useProblemMessages();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<{ ok: boolean; message: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = messagesOf(profileProblems({ fullName: '-', email })).email;
    setError(problem);
    if (problem) return;
    setBusy(true);
    const answer = await publicApi<{ message: string }>('plugandplay/profile/resend-email', { method: 'POST', body: { email: email.trim() } });
    setBusy(false);
    setResult({ ok: answer.ok, message: (answer.ok ? answer.data?.message : answer.message) ?? t('resend.failed') });
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby="resend-title" sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 3 }}>
      <Typography id="resend-title" variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('resend.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('resend.text')}
      </Typography>
      <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-labelledby="resend-title">
        <TextField
          id="resend-email"
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={Boolean(error)}
          helperText={error}
          fullWidth
        />
        <Button type="submit" variant="outlined" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
          {t('resend.submit')}
        </Button>
        {result && (
          <Alert severity={result.ok ? 'success' : 'error'} role="status">
            {result.message}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
