import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { actionKey } from './api';

/**
 * A confirmation dialog for a billing action. The action gets one Idempotency-Key per opening of
 * the dialog, so a double click on the confirm button is one action on the server; the button is
 * also disabled while the action runs.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  confirmLabel: string;
  children?: ReactNode;
  onClose: () => void;
  onConfirm: (key: string) => Promise<void>;
}) {
  const { t } = useTranslation('billing');
  const [key, setKey] = useState(actionKey);
  const [busy, setBusy] = useState(false);
  const titleId = `confirm-${key}`;
  const confirm = async () => {
    setBusy(true);
    try {
      await props.onConfirm(key);
    } finally {
      setBusy(false);
      setKey(actionKey());
    }
  };
  return (
    <Dialog open={props.open} onClose={busy ? undefined : props.onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>{props.children}</DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button variant="contained" onClick={() => void confirm()} aria-disabled={busy} data-busy={busy || undefined}>
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
