import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

/** Cancel and submit of a dialog form; both wait while the submission is on its way. */
export function FormActions({ pending, onCancel, submitLabel }: { pending: boolean; onCancel: () => void; submitLabel: string }) {
  const { t } = useTranslation('devices');
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={pending}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" variant="contained" disabled={pending}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
