import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';

/**
 * Asks for the current password before a new way to sign in is added (a passkey, the authenticator
 * app): the server refuses those without it, so a stolen session alone cannot add one. `onConfirm`
 * answers the error to show on the field (the server's, in the user's language) or nothing when done.
 */
export function ConfirmPasswordDialog({ id, open, title, submitLabel, onCancel, onConfirm }: {
  id: string;
  open: boolean;
  title: string;
  submitLabel: string;
  onCancel: () => void;
  onConfirm: (password: string) => Promise<string | undefined>;
}) {
  const { t } = useTranslation('security');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  // Emptied once closed: a password is not kept around longer than needed.
  const clear = () => {
    setPassword('');
    setError('');
    setBusy(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(t('validation:required', { field: t('fields.password') }));
      field.current?.focus();
      return;
    }
    setBusy(true);
    const problem = await onConfirm(password);
    setBusy(false);
    if (problem) {
      setError(problem);
      field.current?.focus();
      field.current?.select();
    }
  };

  return (
    <Dialog open={open} onClose={() => !busy && onCancel()} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} fullWidth maxWidth="xs" slotProps={{ transition: { onExited: clear } }}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-text`}>{t('confirmPassword.text')}</DialogContentText>
          <TextField
            id={`${id}-password`}
            inputRef={field}
            label={t('fields.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError('');
            }}
            error={Boolean(error)}
            helperText={error}
            required
            autoFocus
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { maxLength: 1024 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            {t('confirmPassword.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
