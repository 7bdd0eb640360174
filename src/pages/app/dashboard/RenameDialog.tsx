import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { DEVICE_NAME_MAX_LENGTH } from '../../../../common/devices';
import { updateDevice, type Device } from './api';
import { callError } from './errors';
import { FormActions } from './FormActions';
import { useSubmitOnce } from './useSubmitOnce';

/** Renaming a device, and the owner's promotions choice for it. */
export function RenameDialog({ device, onClose, onSaved }: { device: Device; onClose: () => void; onSaved: (device: Device) => void }) {
  const { t } = useTranslation('devices');
  const [name, setName] = useState(device.name);
  const [promotions, setPromotions] = useState(device.promotionsOptIn);
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const { pending, run } = useSubmitOnce();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError({ field: t('errors.nameRequired') });
    void run(async () => {
      try {
        onSaved(await updateDevice({ id: device.id, name: name.trim(), promotionsOptIn: promotions, concurrencyStamp: device.concurrencyStamp }));
      } catch (e) {
        const failure = callError(e, t('rename.failed'));
        setError(failure.fields.name ? { field: failure.fields.name } : { form: failure.message });
      }
    });
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby="rename-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="rename-title">{t('rename.title', { name: device.name })}</DialogTitle>
        <DialogContent>
          {error.form && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error.form}
            </Alert>
          )}
          <TextField
            label={t('fields.name')}
            value={name}
            onChange={(e) => { setName(e.target.value); setError({}); }}
            error={Boolean(error.field)}
            helperText={error.field}
            required
            fullWidth
            autoFocus
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: DEVICE_NAME_MAX_LENGTH } }}
          />
          <FormControlLabel sx={{ mt: 1 }} control={<Checkbox checked={promotions} onChange={(e) => setPromotions(e.target.checked)} />} label={t('add.promotions')} />
        </DialogContent>
        <FormActions pending={pending} onCancel={onClose} submitLabel={t('rename.submit')} />
      </form>
    </Dialog>
  );
}
