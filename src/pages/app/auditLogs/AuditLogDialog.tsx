import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { formatDateTime } from '../../../../common/dates';
import { EntityChanges } from './EntityChanges';
import { durationText, type AuditLogDto } from './types';

/** One audit entry: who called what, when, with which answer, and the entities it changed. */
export function AuditLogDialog({ log, onClose }: { log: AuditLogDto; onClose: () => void }) {
  const { t, i18n } = useTranslation('identity');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const facts: [string, string][] = [
    [t('auditLogs.fields.time'), formatDateTime(log.executionTime, true)],
    [t('auditLogs.fields.user'), log.userName ?? '—'],
    // The user logs screen has no tenant names (its entries are all of the caller's tenant).
    ...(log.tenantName !== undefined
      ? ([
          [t('auditLogs.fields.tenant'), log.tenantName ?? t('auditLogs.host')],
          [t('auditLogs.fields.tenantId'), log.tenantId ?? '—'],
        ] as [string, string][])
      : []),
    [t('auditLogs.fields.status'), String(log.httpStatusCode ?? '—')],
    [t('auditLogs.fields.duration'), log.executionDuration === null ? '—' : durationText(log.executionDuration, i18n.language)],
    [t('auditLogs.fields.ipAddress'), log.clientIpAddress ?? '—'],
    [t('auditLogs.fields.browser'), log.browserInfo ?? '—'],
  ];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="audit-log-title">
      <DialogTitle id="audit-log-title" sx={{ wordBreak: 'break-word' }}>
        {log.httpMethod} {log.url}
      </DialogTitle>
      <DialogContent dividers>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5, m: 0, mb: 2 }}>
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        {log.exceptions && (
          <Alert severity="error" sx={{ mb: 2, wordBreak: 'break-word' }}>
            {log.exceptions}
          </Alert>
        )}
        <Typography variant="h6" component="h2" gutterBottom>
          {t('auditLogs.changes')}
        </Typography>
        <EntityChanges changes={log.entityChanges} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
