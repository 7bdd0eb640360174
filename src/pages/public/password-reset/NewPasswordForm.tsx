import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LoginIcon from '@mui/icons-material/Login';
import { newPasswordProblems, type FormProblem } from '../../../../common/caregiver-account';
import { PASSWORD_RESET_PATH } from '../../../../common/navigation';
import { useSignInAction } from '../../../components/useSignInAction';
import { publicApi, type PublicResult } from '../publicApi';
import { PasswordHints } from '../registration/PasswordHints';
import { useProblemMessages } from '../registration/useFieldErrors';
import { BusyStatus } from '../../../components/BusyStatus';

type State =
  | { step: 'checking' }
  | { step: 'form'; userName: string }
  | { step: 'done' }
  | { step: 'refused'; message: string; used: boolean };

const EMPTY = { newPassword: '', confirmPassword: '' };

/**
 * A mailed reset link's page: checks the link first (a used, expired or replaced one says so, with
 * the way on), then takes a new password, checked with the shared rules here and the tenant's
 * rules and history by the server, whose messages show at the field. Then offers sign-in.
 */
export function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('profile');
  const messagesOf = useProblemMessages();
  const signIn = useSignInAction();
  const [state, setState] = useState<State>({ step: 'checking' });
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  const refusal = useCallback(
    (r: PublicResult<unknown>): State => ({ step: 'refused', message: r.message ?? t('passwordReset.saveFailed'), used: r.code === 'Vigil:LinkUsed' }),
    [t],
  );

  useEffect(() => {
    let live = true;
    void publicApi<{ userName: string }>('account/verify-password-reset-token', { method: 'POST', body: { token } }).then((r) => {
      if (!live) return;
      setState(r.ok && r.data ? { step: 'form', userName: r.data.userName } : refusal(r));
    });
    return () => {
      live = false;
    };
  }, [token, refusal]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: FormProblem[] = [
      ...newPasswordProblems('newPassword', form.newPassword),
      ...(form.confirmPassword === form.newPassword ? [] : [{ member: 'confirmPassword', key: 'validation:passwordsMatch' }]),
    ];
    const messages = messagesOf(problems);
    setErrors(messages);
    setFailure(undefined);
    if (Object.keys(messages).length) return;
    setBusy(true);
    const r = await publicApi('account/reset-password', { method: 'POST', body: { token, newPassword: form.newPassword } });
    setBusy(false);
    if (r.ok) {
      // The spent link leaves the address bar, so going back does not offer it again.
      window.history.replaceState(window.history.state, '', PASSWORD_RESET_PATH);
      return setState({ step: 'done' });
    }
    if (r.status === 403 || r.status === 404) return setState(refusal(r));
    setErrors(r.fields);
    setFailure(Object.keys(r.fields).length ? undefined : (r.message ?? t('passwordReset.saveFailed')));
  };

  if (state.step === 'checking') {
    return (
      <BusyStatus text={t('passwordReset.checking')} />
    );
  }
  if (state.step === 'refused') {
    return (
      <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error" sx={{ width: '100%' }}>
          {state.message}
        </Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          {state.used && (
            <Button variant="contained" startIcon={<LoginIcon />} onClick={() => signIn.start()} disabled={signIn.busy}>
              {t('passwordReset.signIn')}
            </Button>
          )}
          <Button component={RouterLink} to={PASSWORD_RESET_PATH} variant={state.used ? 'outlined' : 'contained'}>
            {t('passwordReset.askAgain')}
          </Button>
        </Stack>
      </Stack>
    );
  }
  if (state.step === 'done') {
    return (
      <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="success" role="status" sx={{ width: '100%' }}>
          {t('passwordReset.done')}
        </Alert>
        <Button variant="contained" size="large" startIcon={<LoginIcon />} onClick={() => signIn.start()} disabled={signIn.busy}>
          {t('passwordReset.signIn')}
        </Button>
      </Stack>
    );
  }

  const field = (name: keyof typeof EMPTY) => (
    <TextField
      id={`password-reset-${name}`}
      name={name}
      label={t(`fields.${name}`)}
      type="password"
      autoComplete="new-password"
      required
      fullWidth
      value={form[name]}
      onChange={(e) => {
        setForm((f) => ({ ...f, [name]: e.target.value }));
        setErrors(({ [name]: _gone, ...rest }) => rest);
      }}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      {...(name === 'newPassword' ? { slotProps: { htmlInput: { 'aria-describedby': 'password-reset-hints password-reset-newPassword-helper-text' } } } : {})}
    />
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label={t('passwordReset.newTitle')}>
      <Typography color="text.secondary">{t('passwordReset.forAccount', { userName: state.userName })}</Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      {/* The account's name for password managers, which store the new password under it. */}
      <input type="text" name="username" autoComplete="username" value={state.userName} readOnly hidden />
      <Box>
        {field('newPassword')}
        <PasswordHints password={form.newPassword} id="password-reset-hints" />
      </Box>
      {field('confirmPassword')}
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy ? t('passwordReset.saving') : t('passwordReset.save')}
      </Button>
    </Stack>
  );
}
