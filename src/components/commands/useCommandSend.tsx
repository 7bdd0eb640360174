import { useState } from 'react';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../forms/failureOf';
import type { DeviceCommand } from './types';

type Notice = { severity: 'success' | 'error'; text: string } | null;

/**
 * Sending one command from the troubleshooting page: busy while under way, then "sent" or the
 * server's messages, those naming a field of the form (`shows`) on it, any other above the button.
 */
export function useCommandSend(onSent: (command: DeviceCommand) => void) {
  const { t } = useTranslation('stock');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);

  const run = async (send: () => Promise<DeviceCommand>, shows: (field: string) => boolean = () => false): Promise<boolean> => {
    setBusy(true);
    setErrors({});
    setNotice(null);
    try {
      onSent(await send());
      setNotice({ severity: 'success', text: t('troubleshoot.send.sent') });
      return true;
    } catch (error) {
      const { message, fields } = failureOf(error, t('troubleshoot.send.failed'));
      setErrors(fields);
      const unshown = Object.entries(fields).find(([field]) => !shows(field));
      if (unshown || Object.keys(fields).length === 0) setNotice({ severity: 'error', text: `${t('troubleshoot.send.failed')}: ${unshown?.[1] ?? message}` });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, errors, notice, run };
}

export function SendNotice({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'}>
      {notice.text}
    </Alert>
  );
}
