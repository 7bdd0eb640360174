import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../common/dates';
import type { RawMessage } from './types';

/**
 * The watch's latest raw messages with what the ingest made of each. None kept is said as it is:
 * a watch heard from (a stored position, a noted contact) whose raw messages are not kept is not
 * "a watch that never sent anything".
 */
export function RawMessages({ messages, lastMessageTime }: { messages: RawMessage[]; lastMessageTime: string | null }) {
  const { t } = useTranslation('stock');
  return (
    <>
      <Typography variant="h6" component="h2" id="troubleshoot-messages" gutterBottom>
        {t('troubleshoot.messages')}
      </Typography>
      {messages.length === 0 ? (
        <Typography color="text.secondary">{lastMessageTime ? t('troubleshoot.noRawMessages', { time: formatDateTime(lastMessageTime) }) : t('troubleshoot.noMessages')}</Typography>
      ) : (
        // Focusable, so a keyboard can scroll it: on a phone the table is wider than the page.
        <TableContainer tabIndex={0} sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="troubleshoot-messages">
            <TableHead>
              <TableRow>
                <TableCell>{t('troubleshoot.time')}</TableCell>
                <TableCell>{t('troubleshoot.outcome')}</TableCell>
                <TableCell>{t('troubleshoot.protocol')}</TableCell>
                <TableCell>{t('troubleshoot.detail')}</TableCell>
                <TableCell>{t('troubleshoot.payload')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {messages.map((m) => (
                <TableRow key={m.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.receivedTime, true)}</TableCell>
                  <TableCell>{t(`troubleshoot.outcomes.${m.outcome}`)}</TableCell>
                  <TableCell>{m.protocol}</TableCell>
                  <TableCell>{m.detail}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all', minWidth: 200 }}>{m.payload}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
