import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { Device } from './api';
import type { SubscriptionState } from './subscriptionCalls';

export type DeviceAction = 'rename' | 'receivers' | 'pause' | 'renew' | 'plan' | 'delete';

/** One device's actions in a menu (small enough for a phone card, the same in the table). */
export function DeviceActions({ device, state, hasSubscription, onAction }: { device: Device; state: SubscriptionState; hasSubscription: boolean; onAction: (action: DeviceAction, device: Device) => void }) {
  const { t } = useTranslation('devices');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = `device-actions-${device.id}`;
  const items: { action: DeviceAction; label: string }[] = [
    { action: 'rename', label: t('device.rename') },
    { action: 'receivers', label: t('device.receivers') },
    ...(state === 'active' && hasSubscription ? [{ action: 'pause' as const, label: t('device.pause') }] : []),
    ...(state !== 'active' ? [{ action: 'renew' as const, label: t(state === 'none' ? 'device.start' : 'device.renew') }] : []),
    ...(hasSubscription && state !== 'none' ? [{ action: 'plan' as const, label: t('device.changePlan') }] : []),
    { action: 'delete', label: t('device.delete') },
  ];
  return (
    <>
      <IconButton aria-label={t('device.actionsFor', { name: device.name })} aria-haspopup="menu" aria-controls={anchor ? menuId : undefined} aria-expanded={anchor ? 'true' : undefined} onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {items.map((item) => (
          <MenuItem
            key={item.action}
            onClick={() => {
              setAnchor(null);
              onAction(item.action, device);
            }}
          >
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
