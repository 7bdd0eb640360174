import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { httpClient } from '../../../providers/httpClient';

interface UserRecord {
  id: string;
  userName: string;
  isLockedOut?: boolean;
}

const tomorrow = (): string => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** Row action: Lock (until a chosen date) or, for a locked user, Unlock. */
export function LockButton() {
  const { t } = useTranslation('admin');
  const record = useRecordContext<UserRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [until, setUntil] = useState(tomorrow);
  if (!record) return null;
  const base = `/api/identity/users/${encodeURIComponent(record.id)}`;

  const run = async (path: string, done: string) => {
    try {
      await httpClient(path, { method: 'PUT' });
      notify(done, { type: 'success' });
      setOpen(false);
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  if (record.isLockedOut) {
    return (
      <Button size="small" onClick={() => void run(`${base}/unlock`, t('users.lock.unlocked'))} aria-label={t('users.lock.unlockUser', { name: record.userName })}>
        {t('users.lock.unlock')}
      </Button>
    );
  }
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={t('users.lock.lockUser', { name: record.userName })}>
        {t('users.lock.lock')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="lock-title">
        <DialogTitle id="lock-title">{t('users.lock.title', { name: record.userName })}</DialogTitle>
        <DialogContent>
          <TextField type="date" label={t('users.lock.until')} value={until} onChange={(e) => setUntil(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: tomorrow() } }} sx={{ mt: 1 }} fullWidth />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('roles.permissions.cancel')}</Button>
          <Button variant="contained" disabled={!until} onClick={() => void run(`${base}/lock/${encodeURIComponent(new Date(`${until}T23:59:59`).toISOString())}`, t('users.lock.locked'))}>
            {t('users.lock.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
