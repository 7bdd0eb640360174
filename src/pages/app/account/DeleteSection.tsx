import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { deleteAccount, failureOf, type Profile } from './api';
import { Section } from './Section';

/**
 * Account deletion (SPEC section 6): disabled while a subscription is active, with the reason and
 * the ways out (pause them on the dashboard, or transfer the account); confirmed with the password.
 */
export function DeleteSection({ profile, onDeleted }: { profile: Profile; onDeleted: () => void }) {
  const { t } = useTranslation('profile');
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await deleteAccount(password);
      onDeleted();
    } catch (failure) {
      const { message, fields } = failureOf(failure, t('account.delete.failed'));
      setError(fields.password ?? message);
      setBusy(false);
    }
  };

  return (
    <Section id="account-delete" title={t('account.delete.title')} intro={t('account.delete.intro')}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {!profile.canDelete && (
          <Alert severity="warning" id="account-delete-reason" sx={{ width: '100%' }}>
            {t('account.delete.blocked', { count: profile.activeSubscriptions })}{' '}
            <RouterLink to="/dashboard">{t('account.delete.pauseLink')}</RouterLink> {t('account.delete.or')}{' '}
            <a href="#account-transfer">{t('account.delete.transferLink')}</a>
          </Alert>
        )}
        <Button
          variant="outlined"
          color="error"
          disabled={!profile.canDelete}
          onClick={() => setOpen(true)}
          {...(!profile.canDelete ? { 'aria-describedby': 'account-delete-reason' } : {})}
        >
          {t('account.delete.button')}
        </Button>
      </Stack>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="account-delete-dialog">
        <form noValidate onSubmit={(e) => void confirm(e)}>
          <DialogTitle id="account-delete-dialog">{t('account.delete.confirmTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{t('account.delete.confirmText')}</DialogContentText>
            <TextField
              id="account-delete-password"
              label={t('fields.password')}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={Boolean(error)}
              helperText={error}
              fullWidth
              required
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{t('account.delete.cancel')}</Button>
            <Button type="submit" color="error" variant="contained" disabled={busy || !password}>
              {t('account.delete.confirm')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Section>
  );
}
