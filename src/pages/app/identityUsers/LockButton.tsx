import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { api } from '../../../providers/openapi/typedApi';
import { DATE_FORMAT } from '../../../components/dates/formats';
import { PickersLocalization } from '../../../components/dates/PickersLocalization';

interface UserRecord {
  id: string;
  userName: string;
  isLockedOut?: boolean;
}

const tomorrow = (): Dayjs => dayjs().add(1, 'day').startOf('day');

/** Locked until the end of the chosen day (the user's clock), as the ISO instant the endpoint takes. */
const lockEnd = (day: Dayjs): string => day.hour(23).minute(59).second(59).millisecond(0).toISOString();

/** Row action: Lock (until a chosen date) or, for a locked user, Unlock. */
export function LockButton() {
  const { t } = useTranslation('admin');
  const record = useRecordContext<UserRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [until, setUntil] = useState<Dayjs | null>(tomorrow);
  const valid = until !== null && until.isValid() && !until.isBefore(tomorrow());
  if (!record) return null;
  const id = record.id;
  const unlock = () => api('put', '/api/identity/users/{id}/unlock', { params: { id } });
  const lock = (day: Dayjs) => api('put', '/api/identity/users/{id}/lock/{lockoutEnd}', { params: { id, lockoutEnd: lockEnd(day) } });

  const run = async (send: () => Promise<unknown>, done: string) => {
    try {
      await send();
      notify(done, { type: 'success' });
      setOpen(false);
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  if (record.isLockedOut) {
    return (
      <Button size="small" onClick={() => void run(unlock, t('users.lock.unlocked'))} aria-label={t('users.lock.unlockUser', { name: record.userName })}>
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
          <PickersLocalization>
            <DatePicker label={t('users.lock.until')} value={until} onChange={setUntil} format={DATE_FORMAT} minDate={tomorrow()} disablePast slotProps={{ textField: { fullWidth: true, sx: { mt: 1 } } }} />
          </PickersLocalization>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('roles.permissions.cancel')}</Button>
          <Button variant="contained" disabled={!valid} onClick={() => {
              if (valid) void run(() => lock(until), t('users.lock.locked'));
            }}>
            {t('users.lock.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
