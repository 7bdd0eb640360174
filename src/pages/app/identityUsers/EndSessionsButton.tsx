import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useCanAccess, useNotify, useRecordContext } from 'react-admin';
import { POLICIES } from '../../../../common/policies';
import { api } from '../../../providers/openapi/typedApi';
import { useNotifyError } from '../identity/useNotifyError';

/**
 * Row action "End all sessions": signs the user out on every device (POST
 * /api/identity/users/{id}/end-sessions), after a confirmation. Shown to those who may update users.
 */
export function EndSessionsButton() {
  const { t } = useTranslation('identity');
  const record = useRecordContext<{ id: string; userName: string }>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const { canAccess = false } = useCanAccess({ resource: `${POLICIES.identityUsers}.Update`, action: 'access' });
  if (!record || !canAccess) return null;
  const titleId = `end-sessions-title-${record.id}`;

  const confirm = async () => {
    setBusy(true);
    try {
      await api('post', '/api/identity/users/{id}/end-sessions', { params: { id: record.id } });
      notify(t('users.sessionsEnded', { name: record.userName }), { type: 'success' });
      setOpen(false);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="small" color="warning" onClick={() => setOpen(true)} aria-label={t('users.endSessionsOf', { name: record.userName })}>
        {t('users.endSessions')}
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('users.endSessionsTitle', { name: record.userName })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('users.endSessionsText', { name: record.userName })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button variant="contained" color="warning" onClick={() => void confirm()} disabled={busy}>
            {t('users.endSessions')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
