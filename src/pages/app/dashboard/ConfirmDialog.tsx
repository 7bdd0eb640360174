import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useSubmitOnce } from './useSubmitOnce';

/** A question before something that matters (remove, pause, renew, change plan); confirms once. */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  error?: ReactNode;
  children?: ReactNode;
  danger?: boolean;
}) {
  const { t } = useTranslation('devices');
  const { pending, run } = useSubmitOnce();
  return (
    <Dialog open={props.open} onClose={pending ? undefined : props.onClose} aria-labelledby="confirm-title" aria-describedby="confirm-text" fullWidth maxWidth="xs">
      <DialogTitle id="confirm-title">{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-text">{props.text}</DialogContentText>
        {props.children}
        {props.error && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {props.error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" color={props.danger ? 'error' : 'primary'} disabled={pending} onClick={() => void run(props.onConfirm)}>
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
