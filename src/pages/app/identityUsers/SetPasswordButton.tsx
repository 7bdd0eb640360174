import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import KeyIcon from '@mui/icons-material/Key';
import { useCanAccess, useNotify, useRecordContext } from 'react-admin';
import { POLICIES } from '../../../../common/policies';
import { api } from '../../../providers/openapi/typedApi';
import { passwordValidator } from './userBody';
import { useNotifyError } from '../identity/useNotifyError';

/** An administrator sets a new password for the user (PUT /api/identity/users/{id}/change-password). */
export function SetPasswordButton() {
  const { t } = useTranslation('identity');
  const { t: ta } = useTranslation('admin');
  const record = useRecordContext<{ id: string; userName: string }>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const { canAccess = false } = useCanAccess({ resource: `${POLICIES.identityUsers}.Update`, action: 'access' });
  if (!record || !canAccess) return null;
  const problem = password ? passwordValidator(ta)(password) : undefined;

  const submit = async () => {
    setBusy(true);
    try {
      await api('put', '/api/identity/users/{id}/change-password', { params: { id: record.id }, body: { newPassword: password } });
      notify(t('users.passwordSet'), { type: 'success' });
      setOpen(false);
      setPassword('');
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="small" startIcon={<KeyIcon />} onClick={() => setOpen(true)} sx={{ mx: 2 }}>
        {t('users.setPassword')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="set-password-title" fullWidth maxWidth="xs">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (password && !problem) void submit();
          }}
        >
          <DialogTitle id="set-password-title">{t('users.setPasswordTitle', { name: record.userName })}</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              type="password"
              autoComplete="new-password"
              label={t('users.newPassword')}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={Boolean(problem)}
              helperText={problem ?? ' '}
              sx={{ mt: 1 }}
              fullWidth
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={busy || !password || Boolean(problem)}>
              {t('users.setPassword')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
