import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LoginIcon from '@mui/icons-material/Login';
import { useSignInAction } from '../../../components/useSignInAction';
import { publicApi } from '../publicApi';
import { useProblemMessages } from '../registration/useFieldErrors';

/** Asks for a password reset link by email or user name; the server answers the same for any. */
export function ResetRequestForm() {
  const { t } = useTranslation('profile');
  const messagesOf = useProblemMessages();
  const signIn = useSignInAction();
  const [login, setLogin] = useState('');
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<{ ok: boolean; message: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = login.trim() ? undefined : messagesOf([{ member: 'login', key: 'validation:required' }]).login;
    setError(problem);
    if (problem) return;
    setBusy(true);
    const answer = await publicApi<{ message: string }>('account/send-password-reset-code', { method: 'POST', body: { login: login.trim() } });
    setBusy(false);
    setError(answer.fields.login);
    setResult({ ok: answer.ok, message: (answer.ok ? answer.data?.message : answer.message) ?? t('passwordReset.failed') });
  };

  return (
    <Stack spacing={4}>
      {result?.ok ? (
        <Alert severity="success" role="status">
          <Typography sx={{ fontWeight: 600 }}>{t('passwordReset.sentTitle')}</Typography>
          {result.message}
        </Alert>
      ) : (
        <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label={t('passwordReset.formLabel')}>
          {result && <Alert severity="error">{result.message}</Alert>}
          <TextField
            id="password-reset-login"
            name="login"
            label={t('fields.login')}
            autoComplete="username"
            required
            fullWidth
            value={login}
            onChange={(e) => setLogin(e.target.value)}
            error={Boolean(error)}
            helperText={error}
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, maxLength: 256 } }}
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? t('passwordReset.submitting') : t('passwordReset.submit')}
          </Button>
        </Stack>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Typography color="text.secondary">{t('passwordReset.remembered')}</Typography>
        <Button variant="outlined" startIcon={<LoginIcon />} onClick={() => signIn.start()} disabled={signIn.busy}>
          {t('passwordReset.signIn')}
        </Button>
      </Stack>
    </Stack>
  );
}
