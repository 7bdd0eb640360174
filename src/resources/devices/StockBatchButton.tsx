import { useId, useState, type ReactElement } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useListContext, useNotify, useRefresh } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { problemsOf } from '../../components/csv-upload/types';
import type { StockBatchResult } from './api';

/** Posts the selected devices' ids to one of the batch routes. */
export type BatchCall = (ids: string[]) => Promise<StockBatchResult>;

/**
 * A confirmed action on the selected devices (stop reasons, back in service): asks, posts their
 * ids, then says under a title of what was done how many changed and which could not (by name)
 * and why, with Close.
 */
export function useStockBatch() {
  const { t } = useTranslation('stock');
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();
  const { selectedIds, data, onUnselectItems } = useListContext();
  const [action, setAction] = useState<{ send: BatchCall; title: string; doneTitle: string; help?: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ answer: StockBatchResult; names: Record<string, string> } | null>(null);

  async function run() {
    if (!action) return;
    setPending(true);
    const ids = selectedIds.map(String);
    const names = Object.fromEntries((data ?? []).filter((r) => ids.includes(String(r.id))).map((r) => [String(r.id), String(r.name ?? r.imei ?? r.id)]));
    try {
      setResult({ answer: await action.send(ids), names });
      onUnselectItems();
      refresh();
    } catch (error) {
      const { message } = problemsOf(error);
      notify(message, { type: 'error', messageArgs: { _: message } });
      setAction(null);
    } finally {
      setPending(false);
    }
  }

  const close = () => {
    if (pending) return;
    setAction(null);
    setResult(null);
  };

  const dialog: ReactElement = (
    <Dialog open={action !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{result ? action?.doneTitle : action?.title}</DialogTitle>
      <DialogContent>
        {!result && action?.help && <DialogContentText>{action.help}</DialogContentText>}
        {result && (
          <Alert severity={result.answer.errors.length ? 'warning' : 'success'} role="status">
            {t('actions.summary', { changed: result.answer.changed, unchanged: result.answer.unchanged, failed: result.answer.errors.length })}
            {result.answer.errors.length > 0 && (
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {result.answer.errors.flatMap((e) => e.messages.map((m, i) => <li key={`${e.id}-${i}`}>{`${result.names[e.id] ?? e.id}: ${m.message}`}</li>))}
              </Box>
            )}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {result ? (
          <MuiButton onClick={close} autoFocus>
            {t('actions.close')}
          </MuiButton>
        ) : (
          <>
            <MuiButton onClick={close} disabled={pending}>
              {t('actions.cancel')}
            </MuiButton>
            <MuiButton onClick={run} disabled={pending} variant="contained" color="warning" autoFocus>
              {t('actions.confirm')}
            </MuiButton>
          </>
        )}
      </DialogActions>
    </Dialog>
  );

    /** `title` asks; once answered the dialog is titled `doneTitle` and offers only Close. */
  const open = (send: BatchCall, title: string, doneTitle: string, help?: string) => setAction({ send, title, doneTitle, help });
  return { open, dialog, count: selectedIds.length };
}
