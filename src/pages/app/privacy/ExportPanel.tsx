import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { attachmentName, saveBlob } from '../../../resources/invoices/download';
import { downloadExport, fetchExport, startExport, type PrivacyExport, type Subject } from './api';
import { EXPORT_POLL_MS, exportPending, fileSize } from './logic';

/**
 * "Export data": starts the export, shows its progress (asked every second while it is made),
 * then a Download button; the archive can be downloaded once, after which the panel says so.
 */
export function ExportPanel({ subject }: { subject: Subject }) {
  const { t, i18n } = useTranslation('privacy');
  const queryClient = useQueryClient();
  const [exportId, setExportId] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const key = ['privacy-export', exportId];
  const { data: record } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchExport(exportId!, subject, signal),
    enabled: Boolean(exportId),
    refetchInterval: (query) => (exportPending(query.state.data) ? EXPORT_POLL_MS : false),
  });
  // The answers of start and download are the record's newest state: no need to ask again.
  const show = (next: PrivacyExport) => {
    queryClient.setQueryData(['privacy-export', next.id], next);
    setExportId(next.id);
  };

  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      show(await startExport(subject));
    } catch (failure) {
      setError((failure as Error).message || t('export.startFailed'));
    } finally {
      setBusy(false);
    }
  };

  const download = async () => {
    if (!record) return;
    setBusy(true);
    setError(undefined);
    try {
      const { blob, headers } = await downloadExport(record.id, subject);
      if (blob) saveBlob(blob, attachmentName(headers.get('content-disposition'), 'vigil-export.zip'));
      show({ ...record, state: 'downloaded', downloadedTime: new Date().toISOString() });
    } catch (failure) {
      setError((failure as Error).message || t('export.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }} data-testid="privacy-export">
      <Typography color="text.secondary">{t('export.intro')}</Typography>
      {exportPending(record) && (
        <Stack spacing={0.5} sx={{ width: '100%' }} role="status">
          <Typography>{record!.state === 'queued' ? t('export.queued') : t('export.running', { progress: record!.progress })}</Typography>
          <LinearProgress variant="determinate" value={record!.progress} aria-label={t('export.title')} />
        </Stack>
      )}
      {record?.state === 'ready' && (
        <Alert severity="success" sx={{ width: '100%' }} action={<Button onClick={() => void download()} disabled={busy}>{t('export.download')}</Button>}>
          {t('export.ready', { size: fileSize(record.bytes, i18n.language) })}
        </Alert>
      )}
      {record?.state === 'downloaded' && (
        <Alert severity="info" role="status" sx={{ width: '100%' }}>
          {t('export.downloaded')}
        </Alert>
      )}
      {record?.state === 'failed' && (
        <Alert severity="error" sx={{ width: '100%' }}>
          {t('export.failed')}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ width: '100%' }}>
          {error}
        </Alert>
      )}
      {!exportPending(record) && record?.state !== 'ready' && (
        <Button variant="outlined" onClick={() => void start()} disabled={busy}>
          {record ? t('export.again') : t('export.button')}
        </Button>
      )}
    </Stack>
  );
}
