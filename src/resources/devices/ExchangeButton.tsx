import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Button, useCanAccess, useListContext, useNotify, useRefresh, useResourceContext } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { problemsOf } from '../../components/csv-upload/types';
import { api } from '../../providers/openapi/typedApi';
import type { ReplacementCandidate } from './api';

/**
 * "Exchange" for one selected device: choose a replacement among availableForExchange, then either
 * mark the device ready to exchange and send the replacement, or exchange at once with a device
 * the customer already holds.
 */
export function ExchangeButton() {
  const { t } = useTranslation('stock');
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();
  const resource = useResourceContext();
  const { canAccess } = useCanAccess({ resource, action: 'edit' });
  const { selectedIds, data, onUnselectItems } = useListContext();
  const [open, setOpen] = useState(false);
  const [candidates, setCandidates] = useState<ReplacementCandidate[] | null>(null);
  const [replacementId, setReplacementId] = useState('');
  const [pending, setPending] = useState(false);
  const deviceId = selectedIds.length === 1 ? String(selectedIds[0]) : null;
  const device = (data ?? []).find((r) => String(r.id) === deviceId);

  useEffect(() => {
    if (!open || !deviceId) return;
    api('get', '/api/app/productInstance/availableForExchange', { query: { deviceId, MaxResultCount: 100 } })
      .then(({ items }) => setCandidates(items))
      .catch((error: unknown) => {
        const { message } = problemsOf(error);
        notify(message, { type: 'error', messageArgs: { _: message } });
        setOpen(false);
      });
  }, [open, deviceId, notify]);

  if (!canAccess) return null;

  async function submit(path: '/api/app/productInstance/setReadyToExchangeAndSendReplacement' | '/api/app/productInstance/exchangeWithCustomerStock', done: string) {
    if (!deviceId) return;
    setPending(true);
    try {
      await api('post', path, { body: { deviceId, replacementId } });
      notify(done, { type: 'success', messageArgs: { _: done } });
      setOpen(false);
      onUnselectItems();
      refresh();
    } catch (error) {
      const { message } = problemsOf(error);
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setPending(false);
    }
  }

  const chosen = candidates?.find((c) => c.id === replacementId);
  return (
    <>
      <Button
        label={t('actions.exchange')}
        onClick={() => {
          setCandidates(null);
          setReplacementId('');
          setOpen(true);
        }}
        disabled={!deviceId}
      >
        <SwapHorizIcon />
      </Button>
      <Dialog open={open} onClose={() => !pending && setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{t('actions.exchangeTitle', { name: String(device?.name ?? '') })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('actions.exchangeHelp')}</DialogContentText>
          {candidates?.length === 0 && <Alert severity="info">{t('actions.noReplacement')}</Alert>}
          {candidates && candidates.length > 0 && (
            <TextField select fullWidth label={t('actions.replacement')} value={replacementId} onChange={(e) => setReplacementId(e.target.value)}>
              {candidates.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {`${c.name} (${c.imei})${c.inCustomerStock ? ` - ${t('actions.inCustomerStock')}` : ''}`}
                </MenuItem>
              ))}
            </TextField>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <MuiButton onClick={() => setOpen(false)} disabled={pending}>
            {t('actions.cancel')}
          </MuiButton>
          <MuiButton onClick={() => submit('/api/app/productInstance/setReadyToExchangeAndSendReplacement', t('actions.exchangeSent'))} disabled={pending || !chosen || chosen.inCustomerStock}>
            {t('actions.sendReplacement')}
          </MuiButton>
          <MuiButton variant="contained" onClick={() => submit('/api/app/productInstance/exchangeWithCustomerStock', t('actions.exchanged'))} disabled={pending || !chosen?.inCustomerStock}>
            {t('actions.exchangeNow')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
