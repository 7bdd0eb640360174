import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useNotify } from 'react-admin';
import { TimeOfDayInput } from '../../../components/dates/TimeOfDayInput';
import { api } from '../../../providers/openapi/typedApi';
import { useNotifyError } from '../identity/useNotifyError';
import type { OverviewUser, WorkingHours } from './overviewResources';

/** Monday first, as people in the product's countries read a week; 0 is Sunday as the API counts. */
export const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

/** A user's weekly working hours: one row per entry (day, from, to); saved as a whole. */
export function WorkingHoursDialog({ user, onClose, onSaved }: { user: OverviewUser; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('identity');
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [entries, setEntries] = useState<WorkingHours[]>(user.workingHours ?? []);
  const [busy, setBusy] = useState(false);
  const set = (index: number, change: Partial<WorkingHours>) => setEntries((all) => all.map((e, i) => (i === index ? { ...e, ...change } : e)));

  const save = async () => {
    setBusy(true);
    try {
      await api('put', '/api/app/user-overviews/{id}/workinghours', { params: { id: user.id }, body: entries });
      notify(t('usersOverview.workingHours.saved'), { type: 'success' });
      onSaved();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="working-hours-title">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <DialogTitle id="working-hours-title">{t('usersOverview.workingHours.title', { name: user.userName })}</DialogTitle>
        <DialogContent>
          {entries.length === 0 && <Typography color="text.secondary">{t('usersOverview.workingHours.none')}</Typography>}
          {entries.map((entry, index) => (
            <Box key={index} role="group" aria-label={t('usersOverview.workingHours.entry', { number: index + 1 })} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 1.5 }}>
              <TextField select size="small" label={t('usersOverview.workingHours.day')} value={entry.dayOfWeek} onChange={(e) => set(index, { dayOfWeek: Number(e.target.value) })} sx={{ flex: '1 1 140px' }}>
                {WEEK.map((day) => (
                  <MenuItem key={day} value={day}>
                    {t(`usersOverview.days.${day}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TimeOfDayInput label={t('usersOverview.workingHours.start')} value={entry.start} onChange={(start) => set(index, { start })} sx={{ flex: '1 1 130px' }} required />
              {/* A time field cannot show 24:00 (midnight at the end of the day): it shows 23:59 for it. */}
              <TimeOfDayInput label={t('usersOverview.workingHours.end')} value={entry.end === '24:00' ? '23:59' : entry.end} onChange={(end) => set(index, { end: end === '23:59' ? '24:00' : end })} sx={{ flex: '1 1 130px' }} required />
              <IconButton aria-label={t('usersOverview.workingHours.remove', { number: index + 1 })} onClick={() => setEntries((all) => all.filter((_, i) => i !== index))}>
                <DeleteIcon />
              </IconButton>
            </Box>
          ))}
          <Button startIcon={<AddIcon />} sx={{ mt: 2 }} onClick={() => setEntries((all) => [...all, { dayOfWeek: 1, start: '08:00', end: '16:00' }])}>
            {t('usersOverview.workingHours.add')}
          </Button>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
