import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import { addPasskey, fetchPasskeys, PASSKEYS_KEY, registrationOptions, removePasskey, renamePasskey, type Passkey } from './passkeysApi';
import { relativeTime } from './relativeTime';
import { Section } from './Section';

/** The longest name the server takes (server/identity/passkeys/store.ts). */
const MAX_NAME = 64;

/** What the browser's WebAuthn call failed with: the person closed or refused it, or something else. */
const wasCancelled = (error: unknown) => error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

/**
 * Passkeys (issue 15 item 6): the signed-in user's passkeys (name, when added, last used), adding
 * one with this browser or device (it is named after the browser, and can be renamed), renaming and
 * removing. A passkey signs in alone on the sign-in page, as both factors.
 */
export function PasskeysSection() {
  const { t, i18n } = useTranslation('security');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data: passkeys, error } = useQuery({ queryKey: PASSKEYS_KEY, queryFn: ({ signal }) => fetchPasskeys(signal) });
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [renaming, setRenaming] = useState<Passkey>();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState('');
  const [removing, setRemoving] = useState<Passkey>();
  const [busy, setBusy] = useState(false);
  const supported = browserSupportsWebAuthn();

  const refresh = () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });

  /** The password first: a wrong one stays on the field; otherwise the dialog closes and the browser takes over. */
  const add = async (password: string): Promise<string | undefined> => {
    setAdding(true);
    let optionsJSON;
    try {
      optionsJSON = await registrationOptions(password);
    } catch (failure) {
      setAdding(false);
      const { message, fields } = failureOf(failure, t('passkeys.failed'));
      if (fields.password) return fields.password;
      setConfirming(false);
      notify(message, { type: 'error' });
      return undefined;
    }
    setConfirming(false);
    try {
      const response = await startRegistration({ optionsJSON });
      await addPasskey(response);
      notify(t('passkeys.added'), { type: 'success' });
      await refresh();
    } catch (failure) {
      if (wasCancelled(failure)) notify(t('passkeys.cancelled'), { type: 'info' });
      else {
        const { message, fields } = failureOf(failure, t('passkeys.failed'));
        notify(fields.response ?? message, { type: 'error' });
      }
    } finally {
      setAdding(false);
    }
  };

  const openRename = (passkey: Passkey) => {
    setRenaming(passkey);
    setName(passkey.name);
    setNameError('');
  };

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (!renaming) return;
    if (!name.trim()) {
      setNameError(t('validation:required', { field: t('fields.name') }));
      return;
    }
    setBusy(true);
    try {
      await renamePasskey(renaming.id, name.trim());
      notify(t('passkeys.renamed'), { type: 'success' });
      setRenaming(undefined);
      await refresh();
    } catch (failure) {
      const { message, fields } = failureOf(failure, t('passkeys.changeFailed'));
      if (fields.name) setNameError(fields.name);
      else notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await removePasskey(removing.id);
      notify(t('passkeys.removed'), { type: 'success' });
      setRemoving(undefined);
      await refresh();
    } catch (failure) {
      notify(failureOf(failure, t('passkeys.changeFailed')).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section id="account-passkeys" title={t('passkeys.title')} intro={t('passkeys.intro')}>
      {error && <Alert severity="error">{t('passkeys.loadFailed')}</Alert>}
      {!passkeys && !error && <CircularProgress size={24} aria-label={t('passkeys.loading')} />}
      {passkeys && passkeys.length === 0 && <Typography color="text.secondary">{t('passkeys.empty')}</Typography>}
      {passkeys && passkeys.length > 0 && (
        <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
          {passkeys.map((passkey) => (
            <Box component="li" key={passkey.id} data-passkey={passkey.id} sx={{ py: 1.5 }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }} sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                    <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {passkey.name}
                    </Typography>
                    {passkey.isSynced && <Chip size="small" label={t('passkeys.synced')} />}
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {t('passkeys.created', { date: formatDateTime(passkey.creationTime) })}
                    {' · '}
                    {passkey.lastUsedTime ? (
                      <span title={formatDateTime(passkey.lastUsedTime)}>{t('passkeys.lastUsed', { when: relativeTime(passkey.lastUsedTime, i18n.language) })}</span>
                    ) : (
                      t('passkeys.neverUsed')
                    )}
                  </Typography>
                </Box>
                <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                  <Button variant="outlined" size="small" onClick={() => openRename(passkey)} aria-label={t('passkeys.renameLabel', { name: passkey.name })}>
                    {t('passkeys.rename')}
                  </Button>
                  <Button variant="outlined" color="error" size="small" onClick={() => setRemoving(passkey)} aria-label={t('passkeys.removeLabel', { name: passkey.name })}>
                    {t('passkeys.remove')}
                  </Button>
                </Stack>
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
      <Stack spacing={1} sx={{ mt: 2, alignItems: 'flex-start' }}>
        <Button variant="contained" onClick={() => setConfirming(true)} disabled={!supported || adding || !passkeys}>
          {t('passkeys.add')}
        </Button>
        {!supported && <Typography color="text.secondary">{t('passkeys.unsupported')}</Typography>}
      </Stack>

      <ConfirmPasswordDialog
        id="account-passkeys-confirm"
        open={confirming}
        title={t('passkeys.add')}
        submitLabel={t('confirmPassword.continue')}
        onCancel={() => setConfirming(false)}
        onConfirm={add}
      />

      <Dialog open={Boolean(renaming)} onClose={() => !busy && setRenaming(undefined)} aria-labelledby="account-passkeys-rename" fullWidth maxWidth="xs">
        <form noValidate onSubmit={(event) => void rename(event)}>
          <DialogTitle id="account-passkeys-rename">{t('passkeys.renameTitle')}</DialogTitle>
          <DialogContent>
            <TextField
              id="account-passkey-name"
              label={t('fields.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={Boolean(nameError)}
              helperText={nameError}
              required
              fullWidth
              autoFocus
              margin="dense"
              slotProps={{ htmlInput: { maxLength: MAX_NAME } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setRenaming(undefined)} disabled={busy}>
              {t('passkeys.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('passkeys.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>

      <Dialog open={Boolean(removing)} onClose={() => !busy && setRemoving(undefined)} aria-labelledby="account-passkeys-remove" aria-describedby="account-passkeys-remove-text">
        <DialogTitle id="account-passkeys-remove">{t('passkeys.removeTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="account-passkeys-remove-text">{t('passkeys.removeText', { name: removing?.name ?? '' })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(undefined)} disabled={busy}>
            {t('passkeys.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={() => void remove()} disabled={busy}>
            {t('passkeys.remove')}
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}
