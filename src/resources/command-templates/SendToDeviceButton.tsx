import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Button, useCanAccess, useRecordContext } from 'react-admin';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import SendIcon from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import { POLICIES } from '../../../common/policies';
import { fetchTerminalInfo } from '../../components/commands/commandApi';
import { DevicePicker } from '../../components/commands/DevicePicker';
import { TemplateCommandForm } from '../../components/commands/TemplateCommandForm';
import type { DeviceOption } from '../../components/commands/types';

/** The template's form for the device picked: what its model takes, this template chosen. */
function ForDevice({ device, templateId, onSent }: { device: DeviceOption; templateId: string; onSent: () => void }) {
  const { t } = useTranslation('stock');
  const { data: info, isError } = useQuery({ queryKey: ['terminal-info', device.id], queryFn: ({ signal }) => fetchTerminalInfo(device.id, signal) });
  if (isError) return <Alert severity="warning">{t('troubleshoot.send.loadFailed')}</Alert>;
  if (!info) return null;
  if (!info.templates.some((x) => x.id === templateId)) return <Alert severity="info">{t('commandTemplates.send.otherModel', { model: info.model ?? '—' })}</Alert>;
  return <TemplateCommandForm info={info} initialTemplateId={templateId} onSent={onSent} />;
}

/**
 * "Send to a device" on a command template: pick the device, fill the variables, send; then a
 * link to the device's page, whose command log follows the command. For staff who may change devices.
 */
export function SendToDeviceButton() {
  const { t } = useTranslation('stock');
  const record = useRecordContext<{ id: string }>();
  const { canAccess = false } = useCanAccess({ resource: `${POLICIES.devices}.Update`, action: 'access' });
  const [open, setOpen] = useState(false);
  const [device, setDevice] = useState<DeviceOption | null>(null);
  const [sentTo, setSentTo] = useState<DeviceOption | null>(null);
  if (!record || !canAccess) return null;
  const close = () => {
    setOpen(false);
    setDevice(null);
    setSentTo(null);
  };
  return (
    <>
      <Button label={t('commandTemplates.send.action')} onClick={() => setOpen(true)}>
        <SendIcon />
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="send-template-title">
        <DialogTitle id="send-template-title">{t('commandTemplates.send.title')}</DialogTitle>
        <DialogContent>
          <DevicePicker
            value={device}
            onChange={(picked) => {
              setDevice(picked);
              setSentTo(null);
            }}
          />
          {device && <ForDevice key={device.id} device={device} templateId={String(record.id)} onSent={() => setSentTo(device)} />}
          {sentTo && (
            <Link component={RouterLink} to={`/devices/${sentTo.id}/show`} sx={{ display: 'inline-block', mt: 2 }}>
              {t('commandTemplates.send.openLog', { device: sentTo.displayName })}
            </Link>
          )}
        </DialogContent>
        <DialogActions>
          <Button label={t('commandTemplates.send.close')} onClick={close} />
        </DialogActions>
      </Dialog>
    </>
  );
}
