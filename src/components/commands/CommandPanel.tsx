import { useQuery } from '@tanstack/react-query';
import { useCanAccess } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { useTranslation } from 'react-i18next';
import { POLICIES } from '../../../common/policies';
import { fetchTerminalInfo, requestPosition } from './commandApi';
import { NativeCommandForm } from './NativeCommandForm';
import { TemplateCommandForm } from './TemplateCommandForm';
import type { DeviceCommand } from './types';
import { SendNotice, useCommandSend } from './useCommandSend';

/** The panel for staff who may change devices; nothing for others (the server refuses them anyway). */
export function CommandPanel(props: { deviceId: string; onSent: (command: DeviceCommand) => void }) {
  const { canAccess = false } = useCanAccess({ resource: `${POLICIES.devices}.Update`, action: 'access' });
  return canAccess ? <Commands {...props} /> : null;
}

/**
 * "Send to the watch" on the troubleshooting page: locate now, a command of the watch's protocol
 * with its values, or a command template with its variables (by text message when the template says so).
 */
function Commands({ deviceId, onSent }: { deviceId: string; onSent: (command: DeviceCommand) => void }) {
  const { t } = useTranslation('stock');
  const { data: info, isError } = useQuery({ queryKey: ['terminal-info', deviceId], queryFn: ({ signal }) => fetchTerminalInfo(deviceId, signal) });
  const locate = useCommandSend(onSent);

  const body = () => {
    if (isError) return <Alert severity="warning">{t('troubleshoot.send.loadFailed')}</Alert>;
    if (!info) return null;
    if (!info.protocol) return <Typography color="text.secondary">{t('troubleshoot.send.noModel')}</Typography>;
    return (
      <Stack spacing={3} divider={<Divider flexItem />} sx={{ maxWidth: 480 }}>
        {info.commands.includes('positionSingle') && (
          <Stack spacing={1} alignItems="flex-start">
            <Button variant="contained" startIcon={<MyLocationIcon />} disabled={locate.busy} onClick={() => void locate.run(() => requestPosition(deviceId))}>
              {t('troubleshoot.send.locate')}
            </Button>
            <SendNotice notice={locate.notice} />
          </Stack>
        )}
        <NativeCommandForm info={info} onSent={onSent} />
        <TemplateCommandForm info={info} onSent={onSent} />
      </Stack>
    );
  };
  return (
    <Box component="section" aria-labelledby="troubleshoot-send" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" id="troubleshoot-send" gutterBottom>
        {t('troubleshoot.send.title')}
      </Typography>
      {body()}
    </Box>
  );
}
