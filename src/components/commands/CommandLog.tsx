import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../common/dates';
import type { DeviceCommand } from './types';

/** What the command carries, besides its type: a template's or custom command's text, else its values (not the settings it sets). */
function carried(command: DeviceCommand): string {
  if (command.type === 'template' || command.type === 'custom') return command.text;
  return Object.entries(command.attributes)
    .filter(([key]) => key !== 'settings')
    .map(([key, value]) => `${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}

/**
 * The device's latest commands on the troubleshooting page: each with its current state (why it
 * failed; until when a queued one waits) and every state it took, with its time.
 */
export function CommandLog({ commands }: { commands: DeviceCommand[] }) {
  const { t } = useTranslation('stock');
  const status = (s: DeviceCommand['status']) => t(`troubleshoot.commands.statuses.${s}`);
  return (
    <Box component="section" aria-labelledby="troubleshoot-commands" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" id="troubleshoot-commands" gutterBottom>
        {t('troubleshoot.commands.title')}
      </Typography>
      {commands.length === 0 ? (
        <Typography color="text.secondary">{t('troubleshoot.commands.none')}</Typography>
      ) : (
        // Focusable, so a keyboard can scroll it: on a phone the table is wider than the page.
        <TableContainer tabIndex={0} sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="troubleshoot-commands">
            <TableHead>
              <TableRow>
                <TableCell>{t('troubleshoot.commands.created')}</TableCell>
                <TableCell>{t('troubleshoot.commands.command')}</TableCell>
                <TableCell>{t('troubleshoot.commands.channel')}</TableCell>
                <TableCell>{t('troubleshoot.commands.status')}</TableCell>
                <TableCell>{t('troubleshoot.commands.history')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {commands.map((c) => {
                const detail = carried(c);
                return (
                  <TableRow key={c.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.creationTime, true)}</TableCell>
                    <TableCell>
                      {t(`troubleshoot.commands.types.${c.type}`, { defaultValue: c.type })}
                      {detail && (
                        <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                          {detail}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{t(`troubleshoot.commands.channels.${c.channel}`)}</TableCell>
                    <TableCell>
                      {status(c.status)}
                      {c.status === 'failed' && c.error && (
                        <Typography variant="body2" color="error">
                          {c.error}
                        </Typography>
                      )}
                      {c.status === 'queued' && (
                        <Typography variant="body2" color="text.secondary">
                          {t('troubleshoot.commands.expires', { time: formatDateTime(c.expiryTime) })}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Box component="ol" sx={{ m: 0, pl: 2 }}>
                        {c.states.map((s) => (
                          <li key={`${s.status}-${s.time}`}>
                            {status(s.status)}: <Box component="time" dateTime={s.time} sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(s.time, true)}</Box>
                          </li>
                        ))}
                      </Box>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
