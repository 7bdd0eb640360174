import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import GridOnIcon from '@mui/icons-material/GridOn';
import { Button, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { problemsOf } from '../../components/csv-upload/types';
import { apiFile } from '../../providers/openapi/typedApi';
import { getApplicationConfiguration } from '../../providers/sessionData';
import { attachmentName, saveBlob } from '../invoices/download';

const REPORTS = [
  { path: '/api/app/datareport/devices', label: 'actions.reportDevices', file: 'devices.xlsx', hostOnly: false },
  { path: '/api/app/datareport/devicesByTenant', label: 'actions.reportDevicesByTenant', file: 'devices-by-tenant.xlsx', hostOnly: true },
  { path: '/api/app/datareport/devicealarms', label: 'actions.reportDeviceAlarms', file: 'device-alarms.xlsx', hostOnly: false },
] as const;

/** "Reports": the device data reports as Excel downloads (devices per tenant for the service provider only). */
export function ReportsMenu() {
  const { t } = useTranslation('stock');
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState(false);
  const { data: isHost } = useQuery({ queryKey: ['session', 'is-host'], staleTime: Infinity, queryFn: async () => (await getApplicationConfiguration()).currentUser.tenantId === null });

  async function download(report: (typeof REPORTS)[number]) {
    setAnchor(null);
    setPending(true);
    try {
      const { blob, headers } = await apiFile('get', report.path);
      if (blob) saveBlob(blob, attachmentName(headers.get('content-disposition'), report.file));
    } catch (error) {
      const { message } = problemsOf(error);
      notify(`${t('actions.downloadFailed')}: ${message}`, { type: 'error', messageArgs: { _: `${t('actions.downloadFailed')}: ${message}` } });
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button label={t('actions.reports')} onClick={(e) => setAnchor(e.currentTarget)} disabled={pending} aria-haspopup="menu" aria-controls={anchor ? 'device-reports-menu' : undefined}>
        <GridOnIcon />
      </Button>
      <Menu id="device-reports-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {REPORTS.filter((r) => !r.hostOnly || isHost).map((r) => (
          <MenuItem key={r.path} onClick={() => void download(r)}>
            {t(r.label)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
