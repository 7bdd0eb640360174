import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../common/dates';
import { Fact } from './Fact';
import type { WatchConnection } from './types';

const MONOSPACE = { fontFamily: 'monospace', wordBreak: 'break-all', fontWeight: 400 } as const;

/**
 * The watch's live connection on the troubleshooting page: since when, over which protocol and
 * from which address, and its last frame in (the message itself) and out (with the latest
 * command written and its state). Not connected: when it was last heard from; a connection
 * nothing came over for long may be a stopped server's, and an OsmAnd watch keeps none.
 */
export function ConnectionPanel({ connection: c }: { connection: WatchConnection }) {
  const { t } = useTranslation('stock');
  const at = (time: string) => formatDateTime(time, true);
  const heard = c.lastHeardTime ? t('troubleshoot.connection.lastHeard', { time: at(c.lastHeardTime) }) : t('troubleshoot.connection.neverHeard');
  const live = c.state === 'connected' || c.state === 'stale';
  const command = c.lastCommandOut;
  return (
    <Box component="section" aria-labelledby="troubleshoot-connection" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" id="troubleshoot-connection" gutterBottom>
        {t('troubleshoot.connection.title')}
      </Typography>
      {!live && (
        <Typography>
          {c.state === 'osmand' ? t('troubleshoot.connection.osmand') : t('troubleshoot.connection.notConnected')} {heard}
        </Typography>
      )}
      {c.state === 'stale' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('troubleshoot.connection.stale', { time: at(c.lastInTime ?? c.connectedTime!) })}
        </Alert>
      )}
      {live && (
        <Box component="dl" aria-labelledby="troubleshoot-connection" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0 }}>
          <Fact label={t('troubleshoot.connection.since')} value={at(c.connectedTime!)} />
          <Fact label={t('troubleshoot.connection.protocol')} value={t(`troubleshoot.connection.protocols.${c.protocol}`, { defaultValue: c.protocol })} />
          <Fact label={t('troubleshoot.connection.address')} value={c.remoteAddress ?? t('troubleshoot.unknown')} />
          <Fact
            label={t('troubleshoot.connection.lastIn')}
            value={
              c.lastInTime ? (
                <>
                  {at(c.lastInTime)}
                  {c.lastFrameIn && (
                    <Typography variant="body2" color="text.secondary" component="span" sx={{ ...MONOSPACE, display: 'block' }}>
                      {c.lastFrameIn.payload}
                    </Typography>
                  )}
                </>
              ) : (
                t('troubleshoot.connection.nothingYet')
              )
            }
          />
          <Fact
            label={t('troubleshoot.connection.lastOut')}
            value={c.lastOutTime ? at(c.lastOutTime) : t('troubleshoot.connection.nothingYet')}
          />
          <Fact
            label={t('troubleshoot.connection.lastCommand')}
            value={
              command ? (
                <>
                  {t(`troubleshoot.commands.types.${command.type}`, { defaultValue: command.type })}
                  {command.text !== command.type && (
                    <Typography variant="body2" component="span" sx={{ ...MONOSPACE, display: 'block' }}>
                      {command.text}
                    </Typography>
                  )}
                  <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block', fontWeight: 400 }}>
                    {t(`troubleshoot.commands.statuses.${command.status}`)}, {at(command.sentTime)}
                  </Typography>
                </>
              ) : (
                t('troubleshoot.connection.noCommand')
              )
            }
          />
        </Box>
      )}
    </Box>
  );
}
