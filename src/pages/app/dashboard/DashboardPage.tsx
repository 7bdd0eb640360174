import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useGetIdentity, useNotify } from 'react-admin';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DevicesMapCard from '../../../components/tracking/DevicesMapCard';
import LiveAlarms from '../../../components/tracking/LiveAlarms';
import { LATEST_POSITIONS_KEY } from '../../../components/tracking/trackingApi';
import { OPEN_ALARMS_KEY } from '../../../components/tracking/liveStream';
import { api } from '../../../providers/openapi/typedApi';
import { AppPage } from '../AppPage';
import { AddDeviceDialog } from './AddDeviceDialog';
import { removeDevice, type Device } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import type { DeviceAction } from './DeviceActions';
import { DeviceList } from './DeviceList';
import { callError } from './errors';
import { PushSwitch } from './PushSwitch';
import { ReceiversDialog } from './ReceiversDialog';
import { RenameDialog } from './RenameDialog';
import { SubscriptionDialog } from './SubscriptionDialog';
import { DEVICES_KEY, useDashboardDevices } from './useDashboardDevices';
import { subscriptionOf, SUBSCRIPTIONS_PATH, type Subscription } from './subscriptionCalls';

const SUBSCRIPTIONS_KEY = ['dashboard-subscriptions'];

async function fetchSubscriptions(signal: AbortSignal): Promise<Subscription[]> {
  return (await api('get', SUBSCRIPTIONS_PATH, { signal, tenant: false })).items;
}

/**
 * /dashboard: the caregiver's devices with their state, adding one (up to the account's cap),
 * renaming, alarm receivers, pause, renew and plan change, removing, "Locate now"; live alarms and the map.
 * The watches' cards follow the live stream (useDashboardDevices).
 */
export default function DashboardPage() {
  const { t } = useTranslation(['devices', 'admin']);
  const { identity } = useGetIdentity();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const devices = useDashboardDevices();
  const subscriptions = useQuery({ queryKey: SUBSCRIPTIONS_KEY, queryFn: ({ signal }) => fetchSubscriptions(signal) });
  // An alarm's link (mail, push, SMS) opens /dashboard?alarm=<eventId>: the map focuses that alarm.
  const [search, setSearch] = useSearchParams();
  const alarmId = search.get('alarm');
  const closeAlarm = () =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('alarm');
        return next;
      },
      { replace: true },
    );
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<{ action: DeviceAction; device: Device }>();
  const [removeError, setRemoveError] = useState<string>();

  const list = devices.data?.devices ?? [];
  const max = devices.data?.maxDeviceCount ?? 0;
  const atCap = devices.data !== undefined && list.length >= max;
  const subscriptionItems = subscriptions.data;
  // A removed watch's open alarms go with it (the server lists only alarms of watches the user still hears).
  const refresh = () =>
    Promise.all([DEVICES_KEY, SUBSCRIPTIONS_KEY, OPEN_ALARMS_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  // A watch asked with "Locate now" answered: its card and the map read its state and position again.
  const positionChanged = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: DEVICES_KEY });
    void queryClient.invalidateQueries({ queryKey: LATEST_POSITIONS_KEY });
  }, [queryClient]);
  const close = () => {
    setOpen(undefined);
    setRemoveError(undefined);
  };
  const device = open?.device;

  return (
    <AppPage title={t('admin:dashboard.title')}>
      <Stack spacing={2}>
        {identity?.fullName && (
          <Typography variant="h6" component="p" data-testid="dashboard-greeting">
            {t('admin:dashboard.greeting', { name: identity.fullName })}
          </Typography>
        )}
        <LiveAlarms />
        <Stack direction="row" alignItems="center" justifyContent="space-between" flexWrap="wrap" gap={1}>
          {devices.data && <Typography color="text.secondary" data-testid="device-count">{t('dashboard.count', { count: list.length, max })}</Typography>}
          {/* At the cap there is nothing to fill in: the button says so at once, the reason beside it. */}
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} disabled={atCap} {...(atCap ? { 'aria-describedby': 'device-cap-reason' } : {})}>
            {t('dashboard.add')}
          </Button>
        </Stack>
        {atCap && (
          <Alert severity="info" id="device-cap-reason">
            {t('errors.maxDevices')}
          </Alert>
        )}
        {subscriptions.isError && <Alert severity="warning">{t('subscription.unavailable')}</Alert>}
        {devices.isError && (
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void devices.refetch()}>{t('dashboard.retry')}</Button>}>
            {t('dashboard.loadFailed')}
          </Alert>
        )}
        {devices.data && list.length === 0 && <Typography>{t('dashboard.empty')}</Typography>}
        {list.length > 0 && <DeviceList devices={list} subscriptions={subscriptionItems} onAction={(action, d) => setOpen({ action, device: d })} onPosition={positionChanged} />}
        {list.length > 0 && <DevicesMapCard deviceIds={list.map((d) => d.id)} alarmId={alarmId} onCloseAlarm={closeAlarm} />}
        <PushSwitch />
      </Stack>

      <AddDeviceDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(added) => {
          notify(t('add.added', { name: added.name }), { type: 'success' });
          void refresh();
        }}
      />
      {device && open.action === 'rename' && (
        <RenameDialog
          device={device}
          onClose={close}
          onSaved={() => {
            notify(t('rename.saved'), { type: 'success' });
            close();
            void refresh();
          }}
        />
      )}
      {device && open.action === 'receivers' && <ReceiversDialog device={device} onClose={close} />}
      {device && (open.action === 'pause' || open.action === 'renew' || open.action === 'plan') && (
        <SubscriptionDialog
          action={open.action}
          device={device}
          subscription={subscriptionOf(device.id, subscriptionItems)}
          onClose={close}
          onDone={() => {
            close();
            void refresh();
          }}
        />
      )}
      {device && open.action === 'delete' && (
        <ConfirmDialog
          open
          danger
          title={t('remove.title', { name: device.name })}
          text={t('remove.text')}
          confirmLabel={t('remove.confirm')}
          error={removeError}
          onClose={close}
          onConfirm={async () => {
            try {
              await removeDevice(device.id);
              notify(t('remove.done', { name: device.name }), { type: 'success' });
              close();
              await refresh();
            } catch (e) {
              setRemoveError(callError(e, t('remove.failed')).message);
            }
          }}
        />
      )}
    </AppPage>
  );
}
