import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import visuallyHidden from '@mui/utils/visuallyHidden';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useRefresh, useTranslate } from 'react-admin';
import { CsvValueHint } from './CsvValueHint';
import type { ResourceSchema } from '../../../common/schema/types';
import { uploadWithProgress } from '../../providers/httpClient';
import { problemsOf, type CsvUploadPath, type UploadResult } from './types';
import { UploadProblems } from './UploadProblems';

type Phase = 'choose' | 'sending' | 'checking' | 'done';

/** What differs between resources: where the file goes and the dialog's title and help (translation keys). */
export interface CsvUploadTarget {
  path: CsvUploadPath;
  title: string;
  help: string;
}

/**
 * Sends a CSV file to a batch upload endpoint as text/csv: a determinate bar while the file goes up, an
 * indeterminate one while the server checks the lines, then "N of M created" and the lines that
 * were not, so staff can fix them and upload only those. The list refreshes when records were created.
 */
export function UploadCsvDialog({ schema, target, onClose }: { schema: ResourceSchema; target: CsvUploadTarget; onClose: () => void }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('choose');
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<UploadResult | null>(null);
  const [failure, setFailure] = useState<ReturnType<typeof problemsOf> | null>(null);
  const abort = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const [dragging, setDragging] = useState(false);
  const busy = phase === 'sending' || phase === 'checking';

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setPhase('choose');
    setResult(null);
    setFailure(null);
  };
  const dragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!busy) setDragging(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !busy) choose(dropped);
  };

  useEffect(() => () => abort.current?.abort(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file || busy) return;
    abort.current = new AbortController();
    setPhase('sending');
    setProgress(0);
    setResult(null);
    setFailure(null);
    try {
      const answer = await uploadWithProgress<UploadResult>(target.path, {
        body: file,
        contentType: 'text/csv',
        signal: abort.current.signal,
        onProgress: (share) => {
          setProgress(Math.round(share * 100));
          if (share >= 1) setPhase('checking');
        },
      });
      setResult(answer);
      if (answer.created > 0) refresh();
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      setFailure(problemsOf(error));
    }
    setPhase('done');
  }

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  return (
    <Dialog open onClose={close} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={`${inputId}-title`}>
      <form onSubmit={submit}>
        <DialogTitle id={`${inputId}-title`}>{translate(target.title)}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate(target.help)}
          </Typography>
          <CsvValueHint schema={schema} />
          {/* The file input itself is hidden: a button opens the browser's file chooser, or a file is dropped here. */}
          <Box
            onDragOver={dragOver}
            onDragLeave={() => setDragging(false)}
            onDrop={drop}
            sx={{
              mb: 2,
              p: 2,
              border: 2,
              borderStyle: 'dashed',
              borderRadius: 1,
              borderColor: dragging ? 'primary.main' : 'divider',
              bgcolor: dragging ? 'action.hover' : 'transparent',
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 1.5,
              minWidth: 0,
            }}
          >
            <Box component="label" htmlFor={inputId} sx={{ width: '100%', fontWeight: 500 }}>
              {translate('simcards.upload.file')}
            </Box>
            <input
              ref={fileInput}
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              disabled={busy}
              tabIndex={-1}
              style={visuallyHidden}
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
            />
            <Button variant="outlined" startIcon={<UploadFileIcon />} disabled={busy} onClick={() => fileInput.current?.click()} aria-describedby={`${inputId}-name`}>
              {translate('simcards.upload.choose')}
            </Button>
            <Typography id={`${inputId}-name`} variant="body2" aria-live="polite" sx={{ minWidth: 0, overflowWrap: 'anywhere', fontWeight: file ? 500 : 400, color: file ? 'text.primary' : 'text.secondary' }}>
              {file ? file.name : translate('simcards.upload.noFile')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ width: '100%' }}>
              {translate('simcards.upload.drop')}
            </Typography>
          </Box>
          {phase === 'sending' && (
            <Box role="status">
              <Typography variant="body2">{translate('simcards.upload.sending')}</Typography>
              <LinearProgress variant="determinate" value={progress} aria-label={translate('simcards.upload.sending')} />
            </Box>
          )}
          {phase === 'checking' && (
            <Box role="status">
              <Typography variant="body2">{translate('simcards.upload.checking')}</Typography>
              <LinearProgress aria-label={translate('simcards.upload.checking')} />
            </Box>
          )}
          {failure && (
            <Alert severity="error" role="alert">
              {translate('simcards.upload.failed')}: {translate(failure.message, { _: failure.message })}
              {failure.details.length > 0 && (
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {failure.details.map((d) => (
                    <li key={d}>{d}</li>
                  ))}
                </Box>
              )}
            </Alert>
          )}
          {result && <UploadProblems schema={schema} result={result} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('simcards.upload.close')}</Button>
          <Button type="submit" variant="contained" disabled={!file || busy || phase === 'done'}>
            {translate('simcards.upload.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
