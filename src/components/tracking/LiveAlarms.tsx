import { visuallyHidden } from '@mui/utils';
import { useEffect, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { ALARM_TAKEN, isUrgent } from '../../../common/alarm-kinds';
import { formatDateTime } from '../../../common/dates';
import { followLive } from './liveEvents';
import { acknowledgeAlarm, loadOpenAlarms, OPEN_ALARMS_KEY, type AlarmMessage } from './liveStream';

/** Urgent kinds (common/alarm-kinds.ts) are errors; the message that someone else took an alarm is information, dismissed rather than acknowledged. */
const severityOf = (type: string) => (type === ALARM_TAKEN ? 'info' : isUrgent(type) ? 'error' : 'warning');

/**
 * Alarms of the signed-in user's devices as they happen (server-sent events), shown on the
 * dashboard without reload. A new alarm is read out by screen readers (assertive live region);
 * each opens on the map (/dashboard?alarm=<eventId>, as the mail's, push's and SMS's link) and
 * can be acknowledged, which clears it in every open tab. The buttons sit under the text, full
 * size: beside it, on a 360 px phone, they were squeezed to a column a few letters wide.
 */
export default function LiveAlarms() {
  const { t, i18n } = useTranslation('tracking');
  const titleId = useId();
  const queryClient = useQueryClient();
  const { data: alarms = [], isError: failed } = useQuery({ queryKey: OPEN_ALARMS_KEY, queryFn: loadOpenAlarms });
  const [connected, setConnected] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  useEffect(
    () =>
      followLive({
        onEvent: (e) => {
          if (e.event === 'alarm') {
            queryClient.setQueryData<AlarmMessage[]>(OPEN_ALARMS_KEY, (list = []) => (list.some((a) => a.id === e.data.id) ? list : [e.data, ...list]));
            // "Someone took it" is news, not a new alarm.
            setAnnouncement(e.data.type === ALARM_TAKEN ? e.data.subject : t('live.announce', { subject: e.data.subject }));
          } else if (e.event === 'ack') {
            queryClient.setQueryData<AlarmMessage[]>(OPEN_ALARMS_KEY, (list = []) => list.filter((a) => a.id !== e.data.id));
          } else if (e.event === 'resync') {
            void queryClient.invalidateQueries({ queryKey: OPEN_ALARMS_KEY });
          }
        },
        onState: (isConnected) => {
          setConnected(isConnected);
          // Whatever arrived while the stream was down is in the list again.
          if (isConnected) void queryClient.invalidateQueries({ queryKey: OPEN_ALARMS_KEY });
        },
      }),
    [queryClient, t],
  );

  const acknowledge = async (id: string) => {
    queryClient.setQueryData<AlarmMessage[]>(OPEN_ALARMS_KEY, (list = []) => list.filter((a) => a.id !== id));
    try {
      await acknowledgeAlarm(id);
    } catch {
      void queryClient.invalidateQueries({ queryKey: OPEN_ALARMS_KEY });
    }
  };

  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mb: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t('live.title')}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {connected ? t('live.connected') : t('live.reconnecting')}
          </Typography>
        </Box>
        <Box aria-live="assertive" aria-atomic="true" sx={visuallyHidden}>
          {announcement}
        </Box>
        {failed && <Alert severity="warning">{t('live.loadFailed')}</Alert>}
        {alarms.length === 0 ? (
          <Typography color="text.secondary">{t('live.empty')}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {alarms.map((a) => (
              <Box component="li" key={a.id}>
                <Alert severity={severityOf(a.type)} sx={{ '& .MuiAlert-message': { flexGrow: 1, minWidth: 0 } }}>
                  <Typography component="h3" variant="subtitle2">
                    {a.subject}
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
                    {a.body}
                  </Typography>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
                    {/* A type without a label gets no chip rather than its code. */}
                    {i18n.exists(`types.${a.type}`, { ns: 'tracking' }) && <Chip size="small" label={t(`types.${a.type}`)} />}
                    <Typography variant="caption" component="time" dateTime={a.eventTime}>
                      {formatDateTime(a.eventTime)}
                    </Typography>
                  </Box>
                  <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
                    <Button variant="outlined" color="inherit" component={RouterLink} to={`/dashboard?alarm=${encodeURIComponent(a.eventId)}`} aria-label={t('live.showOnMapNamed', { subject: a.subject })}>
                      {t('live.showOnMap')}
                    </Button>
                    <Button variant="contained" color={severityOf(a.type)} onClick={() => void acknowledge(a.id)} aria-label={t(a.type === ALARM_TAKEN ? 'live.dismissNamed' : 'live.acknowledgeNamed', { subject: a.subject })}>
                      {t(a.type === ALARM_TAKEN ? 'live.dismiss' : 'live.acknowledge')}
                    </Button>
                  </Box>
                </Alert>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
