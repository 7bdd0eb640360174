import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../../common/dates';
import { failureOf } from './api';
import { ConfirmPasswordDialog } from './ConfirmPasswordDialog';
import { AUTHENTICATOR_KEY, beginSetup, disableAuthenticator, enableAuthenticator, fetchAuthenticator, renewRecoveryCodes, type AuthenticatorSetup } from './authenticatorApi';
import { Section } from './Section';

/** The key as the apps show it: groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

type Proof = 'renew' | 'disable';

/**
 * The authenticator app (issue 15 item 6): set it up with a QR code (or the key typed in), confirm
 * it with a first code and keep the ten recovery codes shown once; later get new recovery codes or
 * turn it off with a current code (or, to turn it off, the password). After the password, sign-in
 * then asks for the app's code instead of mailing one.
 */
export function AuthenticatorAppSection() {
  const { t } = useTranslation('security');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data: status, error } = useQuery({ queryKey: AUTHENTICATOR_KEY, queryFn: ({ signal }) => fetchAuthenticator(signal) });
  const [setup, setSetup] = useState<AuthenticatorSetup>();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[]>();
  const [proof, setProof] = useState<Proof>();
  const [confirming, setConfirming] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: AUTHENTICATOR_KEY });
  const reset = () => {
    setCode('');
    setPassword('');
    setFieldErrors({});
  };
  const fail = (failure: unknown) => {
    const { message, fields } = failureOf(failure, t('authenticator.failed'));
    setFieldErrors(fields);
    if (!Object.keys(fields).length) notify(message, { type: 'error' });
  };

  /** Begins the setup with the password from the dialog: a wrong one stays on its field. */
  const start = async (password: string): Promise<string | undefined> => {
    setBusy(true);
    reset();
    try {
      setSetup(await beginSetup(password));
      setConfirming(false);
      return undefined;
    } catch (failure) {
      const { message, fields } = failureOf(failure, t('authenticator.failed'));
      if (fields.password) return fields.password;
      setConfirming(false);
      notify(message, { type: 'error' });
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setFieldErrors({ code: t('validation:required', { field: t('fields.code') }) });
      return;
    }
    setBusy(true);
    try {
      setCodes(await enableAuthenticator(code.trim()));
      setSetup(undefined);
      reset();
      notify(t('authenticator.enabled'), { type: 'success' });
      await refresh();
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  };

  const prove = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim() && !(proof === 'disable' && password)) {
      setFieldErrors({ code: t(proof === 'disable' ? 'authenticator.errors.codeOrPassword' : 'validation:required', { field: t('fields.code') }) });
      return;
    }
    setBusy(true);
    try {
      if (proof === 'renew') setCodes(await renewRecoveryCodes(code.trim()));
      else {
        await disableAuthenticator(code.trim() ? { code: code.trim() } : { password });
        notify(t('authenticator.disabled'), { type: 'success' });
      }
      setProof(undefined);
      reset();
      await refresh();
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  };

  const copyCodes = async () => {
    if (!codes) return;
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notify(t('authenticator.copied'), { type: 'info' });
    } catch {
      notify(t('authenticator.copyFailed'), { type: 'error' });
    }
  };

  const codeField = (autoFocus: boolean) => (
    <TextField
      id="account-authenticator-code"
      label={t('authenticator.codeLabel')}
      value={code}
      onChange={(event) => setCode(event.target.value)}
      error={Boolean(fieldErrors.code)}
      helperText={fieldErrors.code}
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      fullWidth
      margin="dense"
      slotProps={{ htmlInput: { maxLength: 32, autoCapitalize: 'none', spellCheck: false } }}
    />
  );

  return (
    <Section id="account-authenticator" title={t('authenticator.title')} intro={t('authenticator.intro')}>
      {error && <Alert severity="error">{t('authenticator.loadFailed')}</Alert>}
      {!status && !error && <CircularProgress size={24} aria-label={t('authenticator.loading')} />}
      {status?.isEnabled && (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Box>
            <Typography sx={{ fontWeight: 600 }}>{t('authenticator.on', { date: formatDateTime(status.enabledTime ?? '') })}</Typography>
            <Typography variant="body2" color={status.recoveryCodesLeft < 3 ? 'error' : 'text.secondary'}>
              {t('authenticator.codesLeft', { count: status.recoveryCodesLeft })}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="outlined" onClick={() => {
                reset();
                setProof('renew');
              }}>
              {t('authenticator.newCodes')}
            </Button>
            <Button variant="outlined" color="error" onClick={() => {
                reset();
                setProof('disable');
              }}>
              {t('authenticator.turnOff')}
            </Button>
          </Stack>
        </Stack>
      )}
      {status && !status.isEnabled && !setup && (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography color="text.secondary">{t('authenticator.off')}</Typography>
          <Button variant="contained" onClick={() => setConfirming(true)} disabled={busy}>
            {t('authenticator.setUp')}
          </Button>
        </Stack>
      )}
      {status && !status.isEnabled && setup && (
        <Stack component="form" noValidate onSubmit={(event) => void confirm(event)} spacing={2} aria-labelledby="account-authenticator-title" sx={{ alignItems: 'flex-start' }}>
          <Typography>{t('authenticator.scan')}</Typography>
          <Box component="img" src={setup.qrCode} alt={t('authenticator.qrAlt')} sx={{ width: 200, height: 200, bgcolor: '#fff', p: 1, borderRadius: 1 }} />
          <Box>
            <Typography variant="body2" color="text.secondary" id="account-authenticator-key-label">
              {t('authenticator.keyLabel')}
            </Typography>
            <Typography component="code" aria-labelledby="account-authenticator-key-label" data-secret={setup.secret} sx={{ fontFamily: 'monospace', fontSize: '1rem', overflowWrap: 'anywhere' }}>
              {grouped(setup.secret)}
            </Typography>
          </Box>
          {codeField(false)}
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('authenticator.turnOn')}
            </Button>
            <Button onClick={() => {
                setSetup(undefined);
                reset();
              }} disabled={busy}>
              {t('authenticator.cancel')}
            </Button>
          </Stack>
        </Stack>
      )}

      <ConfirmPasswordDialog
        id="account-authenticator-confirm"
        open={confirming}
        title={t('authenticator.setUp')}
        submitLabel={t('confirmPassword.continue')}
        onCancel={() => setConfirming(false)}
        onConfirm={start}
      />

      <Dialog open={Boolean(proof)} onClose={() => !busy && setProof(undefined)} aria-labelledby="account-authenticator-proof" fullWidth maxWidth="xs">
        <form noValidate onSubmit={(event) => void prove(event)}>
          <DialogTitle id="account-authenticator-proof">{proof === 'disable' ? t('authenticator.turnOffTitle') : t('authenticator.newCodesTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{proof === 'disable' ? t('authenticator.turnOffText') : t('authenticator.newCodesText')}</DialogContentText>
            {codeField(true)}
            {proof === 'disable' && (
              <TextField
                id="account-authenticator-password"
                label={t('fields.password')}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={Boolean(fieldErrors.password)}
                helperText={fieldErrors.password}
                fullWidth
                margin="dense"
              />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setProof(undefined)} disabled={busy}>
              {t('authenticator.cancel')}
            </Button>
            <Button type="submit" variant="contained" color={proof === 'disable' ? 'error' : 'primary'} disabled={busy}>
              {proof === 'disable' ? t('authenticator.turnOff') : t('authenticator.newCodes')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>

      <Dialog open={Boolean(codes)} aria-labelledby="account-authenticator-codes" aria-describedby="account-authenticator-codes-text">
        <DialogTitle id="account-authenticator-codes">{t('authenticator.recoveryTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="account-authenticator-codes-text">{t('authenticator.recoveryIntro')}</DialogContentText>
          <Box component="ul" aria-label={t('authenticator.recoveryTitle')} sx={{ columns: 2, listStyle: 'none', p: 0, mt: 2, fontFamily: 'monospace', fontSize: '1.05rem' }}>
            {codes?.map((recovery) => (
              <li key={recovery}>{recovery}</li>
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => void copyCodes()}>{t('authenticator.copy')}</Button>
          <Button variant="contained" onClick={() => setCodes(undefined)}>
            {t('authenticator.saved')}
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}
