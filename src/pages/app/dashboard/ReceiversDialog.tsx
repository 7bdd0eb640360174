import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { fetchReceivers, inviteReceiver, removeReceiver, type Device } from './api';
import { callError } from './errors';
import { useSubmitOnce } from './useSubmitOnce';
import { EscalationDialog } from './EscalationDialog';

/** The device's alarm receivers: who they are, adding one by email, removing one. */
export function ReceiversDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = ['device-receivers', device.id];
  const { data: receivers, isPending } = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchReceivers(device.id, signal) });
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const { pending, run } = useSubmitOnce();
  const [escalation, setEscalation] = useState(false);

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    void run(async () => {
      try {
        // The same answer for any address (docs/decisions/027-mail-abuse.md): nothing about who has an account.
        await inviteReceiver(device.id, email.trim());
        setEmail('');
        setError(undefined);
        notify(t('receivers.inviteSent'), { type: 'success' });
        await queryClient.invalidateQueries({ queryKey: key });
      } catch (e) {
        const failure = callError(e, t('receivers.addFailed'));
        setError(failure.fields.email || failure.message);
      }
    });
  };
  const remove = (id: string, name: string) =>
    void run(async () => {
      try {
        await removeReceiver(id);
        notify(t('receivers.removed', { name }), { type: 'success' });
        await queryClient.invalidateQueries({ queryKey: key });
      } catch (e) {
        notify(callError(e, t('receivers.removeFailed')).message, { type: 'error' });
      }
    });

  return (
    <Dialog open onClose={onClose} aria-labelledby="receivers-title" fullWidth maxWidth="sm">
      <DialogTitle id="receivers-title">{t('receivers.title', { name: device.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('receivers.intro')}</DialogContentText>
        {!isPending && receivers?.length === 0 && <Typography sx={{ mt: 2 }}>{t('receivers.empty')}</Typography>}
        <List aria-label={t('device.receivers')}>
          {receivers?.map((r) => {
            const name = r.name || r.email;
            return (
              <ListItem
                key={r.id}
                disableGutters
                secondaryAction={
                  <IconButton edge="end" aria-label={t('receivers.remove', { name })} onClick={() => remove(r.id, name)} disabled={pending}>
                    <DeleteIcon />
                  </IconButton>
                }
              >
                {/* The owner sees the address they typed, once; what the receiver is to the watch below it. */}
                <ListItemText primary={name} secondary={r.name ? r.email : t(r.status === 'active' ? 'receivers.receives' : 'receivers.invited')} slotProps={{ primary: { sx: { wordBreak: 'break-word' } }, secondary: { sx: { wordBreak: 'break-all' } } }} />
              </ListItem>
            );
          })}
        </List>
        <Stack component="form" onSubmit={add} noValidate direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }} alignItems={{ sm: 'flex-start' }}>
          <TextField
            type="email"
            label={t('receivers.email')}
            value={email}
            onChange={(e) => { setEmail(e.target.value); setError(undefined); }}
            error={Boolean(error)}
            helperText={error}
            autoComplete="email"
            fullWidth
            size="small"
          />
          <Button type="submit" variant="contained" disabled={pending || !email.trim()} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {t('receivers.add')}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setEscalation(true)}>{t('escalation.ui.open')}</Button>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
      {escalation && <EscalationDialog device={device} onClose={() => setEscalation(false)} />}
    </Dialog>
  );
}
