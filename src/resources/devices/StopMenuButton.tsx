import { useState } from 'react';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import BlockIcon from '@mui/icons-material/Block';
import RestoreIcon from '@mui/icons-material/Restore';
import { Button, useCanAccess, useResourceContext } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { api } from '../../providers/openapi/typedApi';
import { STOP_PATHS, type StopReason } from './api';
import { useStockBatch } from './StockBatchButton';

const backInService = (ids: string[]) => api('post', '/api/app/productInstance/paused/found', { body: { ids } });

/** "Take out of service" with its five reasons, and "Back in service", for the selected devices. */
export function StopMenuButton() {
  const { t } = useTranslation('stock');
  const resource = useResourceContext();
  const { canAccess } = useCanAccess({ resource, action: 'edit' });
  const batch = useStockBatch();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!canAccess) return null;

  const stop = (reason: StopReason) => {
    setAnchor(null);
    const send = (ids: string[]) => api('post', '/api/app/productInstance/stop/{reason}', { params: { reason: STOP_PATHS[reason] }, body: { ids } });
    const label = t(`stopReasons.${reason}`);
    batch.open(send, t('actions.stopTitle', { count: batch.count, reason: label }), t('actions.stopDone', { reason: label }), t('actions.stopHelp'));
  };

  return (
    <>
      <Button label={t('actions.stop')} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu" aria-controls={anchor ? 'device-stop-menu' : undefined}>
        <BlockIcon />
      </Button>
      <Menu id="device-stop-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {(Object.keys(STOP_PATHS) as StopReason[]).map((reason) => (
          <MenuItem key={reason} onClick={() => stop(reason)}>
            {t(`stopReasons.${reason}`)}
          </MenuItem>
        ))}
      </Menu>
      <Button label={t('actions.found')} onClick={() => batch.open(backInService, t('actions.foundTitle', { count: batch.count }), t('actions.foundDone'))}>
        <RestoreIcon />
      </Button>
      {batch.dialog}
    </>
  );
}
