import { useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../common/dates';
import { problemsOf } from '../../../components/csv-upload/types';
import { api } from '../../../providers/openapi/typedApi';
import { AppPage } from '../AppPage';
import { CommandLog } from '../../../components/commands/CommandLog';
import { CommandPanel } from '../../../components/commands/CommandPanel';
import { DevicePicker } from '../../../components/commands/DevicePicker';
import type { DeviceCommand, DeviceOption } from '../../../components/commands/types';
import { useFollowCommand } from '../../../components/commands/useFollowCommand';
import { ConnectionPanel } from './ConnectionPanel';
import { Fact } from './Fact';
import { RawMessages } from './RawMessages';
import type { Troubleshooting } from './types';

type Sync = 'inSync' | 'notInSync' | 'unknown';

/**
 * /troubleshoot: support staff pick a watch by IMEI or name and see when it last reported, its
 * battery, signal, connection and whether the watch has taken its settings (the commands module's
 * getSettingsSync; 'unknown' when that cannot be read), its live connection, the latest commands
 * to it with their states, then its latest raw messages with what the ingest made of each. Staff
 * who may change devices send commands from it; the log then follows the command sent.
 */
export default function TroubleshootPage() {
  const { t, ready } = useTranslation('stock');
  const [device, setDevice] = useState<DeviceOption | null>(null);
  const [data, setData] = useState<Troubleshooting | null>(null);
  const [sync, setSync] = useState<Sync>('unknown');
  /** Null when the log could not be read. */
  const [commands, setCommands] = useState<DeviceCommand[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const follow = useFollowCommand(setCommands);

  // The reads at once, shown together: the card never says "Unknown" for a sync state that is
  // still on its way, nor keeps the previous watch's (nor its commands).
  const load = useCallback(async (id: string) => {
    setError(null);
    const [troubleshooting, settings, log] = await Promise.allSettled([
      api('get', '/api/app/troubleshoot/{deviceId}', { params: { deviceId: id } }),
      api('get', '/api/app/productInstance/getSettingsSync/{id}', { params: { id } }),
      api('get', '/api/app/terminalCommand/log', { query: { deviceId: id } }),
    ]);
    setSync(settings.status === 'fulfilled' ? (settings.value.inSync ? 'inSync' : 'notInSync') : 'unknown');
    setCommands(log.status === 'fulfilled' ? log.value.items : null);
    if (troubleshooting.status === 'fulfilled') setData(troubleshooting.value);
    else {
      setData(null);
      setError(problemsOf(troubleshooting.reason).message);
    }
  }, []);

  const pick = (picked: DeviceOption | null) => {
    follow(null);
    setDevice(picked);
    setData(null);
    setError(null);
    if (picked) void load(picked.id);
  };

  if (!ready) return null;
  const when = (value: string | null) => (value ? formatDateTime(value) : t('troubleshoot.never'));

  return (
    <AppPage title={t('troubleshoot.title')}>
      {/* Its width is the page's, not its tables': they scroll inside it on a phone. */}
      <Box sx={{ minWidth: 0, contain: 'inline-size' }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('troubleshoot.intro')}
        </Typography>
        <DevicePicker value={device} onChange={pick} />
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {t('troubleshoot.loadFailed')}: {error}
          </Alert>
        )}
        {data && (
          <>
            <Card variant="outlined" sx={{ mb: 3 }}>
              <CardContent>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="h6" component="h2">
                    {data.device.name} ({data.device.imei})
                  </Typography>
                  <Button startIcon={<RefreshIcon />} onClick={() => void load(data.device.id)}>
                    {t('troubleshoot.refresh')}
                  </Button>
                </Box>
                <Box component="dl" aria-label={t('troubleshoot.device')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mt: 2, mb: 0 }}>
                  <Fact label={t('troubleshoot.lastMessage')} value={when(data.lastMessageTime)} />
                  <Fact label={t('troubleshoot.lastContact')} value={when(data.lastContact)} />
                  <Fact label={t('troubleshoot.battery')} value={data.batteryLevel === null ? t('troubleshoot.unknown') : `${data.batteryLevel} %`} />
                  <Fact label={t('troubleshoot.signal')} value={data.signal === null ? t('troubleshoot.unknown') : String(data.signal)} />
                  <Fact label={t('troubleshoot.state')} value={t(data.online ? 'troubleshoot.online' : 'troubleshoot.offline')} />
                  <Fact label={t('troubleshoot.settingsSync')} value={t(`troubleshoot.${sync}`)} />
                </Box>
              </CardContent>
            </Card>
            <ConnectionPanel connection={data.connection} />
            <CommandPanel key={data.device.id} deviceId={data.device.id} onSent={(command) => follow({ deviceId: data.device.id, commandId: command.id })} />
            {commands ? (
              <CommandLog commands={commands} />
            ) : (
              <Alert severity="warning" sx={{ mb: 3 }}>
                {t('troubleshoot.commands.loadFailed')}
              </Alert>
            )}
            <RawMessages messages={data.messages} lastMessageTime={data.lastMessageTime} />
          </>
        )}
      </Box>
    </AppPage>
  );
}
