import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import BlockIcon from '@mui/icons-material/Block';
import { Button, useCanAccess, useListContext, useNotify, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import { api } from '../../providers/openapi/typedApi';
import { problemsOf, type DeactivateResult } from './types';

/**
 * "Deactivate" for the selected SIM cards: asks first, posts their ids to batchDeactivate, then
 * tells how many were deactivated, were already, and which could not be (by ICCID) and why.
 */
export function BulkDeactivateButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();
  const resource = useResourceContext();
  const { canAccess } = useCanAccess({ resource, action: 'edit' });
  const { selectedIds, data, onUnselectItems } = useListContext();
  const [step, setStep] = useState<'closed' | 'confirm' | 'result'>('closed');
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<DeactivateResult | null>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  if (!canAccess) return null;

  async function deactivate() {
    setPending(true);
    const ids = selectedIds.map(String);
    const iccids = Object.fromEntries((data ?? []).filter((r) => ids.includes(String(r.id))).map((r) => [String(r.id), String(r.iccid ?? r.id)]));
    try {
      const answer = await api('post', '/api/app/simCardInstance/batchDeactivate', { body: { ids } });
      setNames(iccids);
      setResult(answer);
      setStep('result');
      onUnselectItems();
      refresh();
    } catch (error) {
      const { message } = problemsOf(error);
      notify(message, { type: 'error', messageArgs: { _: message } });
      setStep('closed');
    } finally {
      setPending(false);
    }
  }

  const close = () => !pending && setStep('closed');

  return (
    <>
      <Button label="simcards.deactivate.button" onClick={() => setStep('confirm')}>
        <BlockIcon />
      </Button>
      <Dialog open={step !== 'closed'} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{translate('simcards.deactivate.title')}</DialogTitle>
        <DialogContent>
          {step === 'confirm' && <DialogContentText>{translate('simcards.deactivate.confirm', { smart_count: selectedIds.length })}</DialogContentText>}
          {step === 'result' && result && (
            <Alert severity={result.errors.length ? 'warning' : 'success'} role="status">
              {translate('simcards.deactivate.summary', { deactivated: result.deactivated, already: result.alreadyDeactivated, failed: result.errors.length })}
              {result.errors.length > 0 && (
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {result.errors.flatMap((e) => e.messages.map((m, i) => <li key={`${e.id}-${i}`}>{`${names[e.id] ?? e.id}: ${m.message}`}</li>))}
                </Box>
              )}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          {step === 'confirm' ? (
            <>
              <MuiButton onClick={close} disabled={pending}>
                {translate('ra.action.cancel')}
              </MuiButton>
              <MuiButton onClick={deactivate} disabled={pending} variant="contained" color="warning" autoFocus>
                {translate('simcards.deactivate.button')}
              </MuiButton>
            </>
          ) : (
            <MuiButton onClick={close} autoFocus>
              {translate('simcards.upload.close')}
            </MuiButton>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
