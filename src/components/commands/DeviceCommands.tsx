import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { CommandLog } from './CommandLog';
import { CommandPanel } from './CommandPanel';
import { fetchCommandLog } from './commandApi';
import type { DeviceCommand } from './types';
import { useFollowCommand } from './useFollowCommand';

/**
 * A device's commands on its own page: send one (staff who may change devices) and its log, which
 * follows the command just sent through queued, sent and acknowledged.
 */
export function DeviceCommands({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation('stock');
  /** Undefined while the log is read; null when it could not be. */
  const [commands, setCommands] = useState<DeviceCommand[] | null | undefined>(undefined);
  const follow = useFollowCommand(setCommands);

  useEffect(() => {
    let current = true;
    fetchCommandLog(deviceId).then(
      (log) => current && setCommands(log),
      () => current && setCommands(null),
    );
    return () => {
      current = false;
      follow(null);
    };
  }, [deviceId, follow]);

  return (
    <>
      <CommandPanel deviceId={deviceId} onSent={(command) => follow({ deviceId, commandId: command.id })} />
      {commands === null && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {t('troubleshoot.commands.loadFailed')}
        </Alert>
      )}
      {commands && <CommandLog commands={commands} />}
    </>
  );
}
