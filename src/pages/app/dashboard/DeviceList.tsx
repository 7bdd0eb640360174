import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { formatTimeOfDay } from '../../../../common/dates';
import { formatDay } from '../billing/format';
import type { Device } from './api';
import { useWatchLabels } from '../../../components/devices/useWatchLabels';
import { DeviceActions, type DeviceAction } from './DeviceActions';
import { LocateButton } from './LocateButton';
import { subscriptionOf, subscriptionState, type Subscription, type SubscriptionState } from './subscriptionCalls';

/** A state as a word with a coloured dot (the dot is decoration; the word carries the meaning). */
function StateText({ text, tone }: { text: string; tone: 'good' | 'warn' | 'off' }) {
  const color = tone === 'good' ? 'success.main' : tone === 'warn' ? 'warning.main' : 'text.disabled';
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: color, flexShrink: 0 }} />
      {text}
    </Box>
  );
}

/**
 * A watch without an active subscription: what it does (alarms in the app only, no mail, push or
 * text message) and the action that changes it, on its own card.
 */
function SubscriptionNotice({ row, onAction }: { row: Row; onAction: (action: DeviceAction, device: Device) => void }) {
  const { t } = useTranslation('devices');
  if (row.state === 'active') return null;
  return (
    <Alert
      severity="warning"
      data-testid="subscription-notice"
      sx={{ mt: 1.5, '& .MuiAlert-action': { alignItems: 'center' } }}
      action={
        <Button color="inherit" size="small" onClick={() => onAction('renew', row.device)} sx={{ whiteSpace: 'nowrap' }}>
          {t(row.state === 'none' ? 'device.start' : 'device.renew')}
        </Button>
      }
    >
      {t(row.state === 'none' ? 'subscription.noneNotice' : 'subscription.pausedNotice')}
    </Alert>
  );
}

interface Row {
  device: Device;
  state: SubscriptionState;
  subscription: Subscription | undefined;
}

function useCells() {
  const { t } = useTranslation('devices');
  /** "Active · Monthly", with a waiting plan change as "Annual from 12/03/27": what is true now, and from when the change applies. */
  const subscriptionText = ({ state, subscription: s }: Row) => {
    if (state === 'none') return t('device.none');
    const parts = [t(`device.${state}`), ...(s ? [t(`subscription.${s.plan}`)] : [])];
    if (s?.nextPlan) parts.push(t('subscription.nextPlan', { plan: t(`subscription.${s.nextPlan}`), date: formatDay(s.currentPeriodEnd) }));
    return parts.join(' · ');
  };
  return {
    status: (d: Device) => <StateText text={t(`device.${d.status}`)} tone={d.status === 'online' ? 'good' : 'off'} />,
    subscription: (row: Row) => <StateText text={subscriptionText(row)} tone={row.state === 'active' ? 'good' : 'warn'} />,
    battery: (d: Device) => (d.batteryLevel == null ? t('device.unknown') : t(d.charging ? 'device.batteryCharging' : 'device.batteryValue', { level: d.batteryLevel })),
    // Today's contact as HH:mm, an older one with its date.
    lastContact: (d: Device) => (d.lastContact ? formatTimeOfDay(d.lastContact) : t('device.never')),
  };
}

/**
 * The caregiver's devices: cards on a phone, a table on wide screens, each with name,
 * online/offline, subscription, battery (and whether it charges) and last contact (HH:mm, with
 * the date when not today), "Locate now" and its actions; live as the stream tells changes
 * (useDashboardDevices). `onPosition`: a watch was asked and answered, its position and state are
 * to be read again.
 */
export function DeviceList({
  devices,
  subscriptions,
  onAction,
  onPosition,
}: {
  devices: Device[];
  subscriptions: Subscription[] | undefined;
  onAction: (action: DeviceAction, device: Device) => void;
  onPosition: () => void;
}) {
  const { t } = useTranslation('devices');
  const wide = useMediaQuery<Theme>((theme) => theme.breakpoints.up('md'));
  const cells = useCells();
  const rows: Row[] = devices.map((device) => ({ device, state: subscriptionState(device, subscriptions), subscription: subscriptionOf(device.id, subscriptions) }));
  // Two watches of one name (after an account transfer) are told apart wherever they are shown to pick.
  const label = useWatchLabels(devices);
  const shown = (device: Device): Device => ({ ...device, name: label(device) });
  const actions = (row: Row) => <DeviceActions device={shown(row.device)} state={row.state} hasSubscription={Boolean(row.subscription)} onAction={(action) => onAction(action, row.device)} />;

  if (wide) {
    return (
      <TableContainer component={Card} variant="outlined">
        <Table aria-label={t('dashboard.listLabel')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('device.name')}</TableCell>
              <TableCell>{t('device.status')}</TableCell>
              <TableCell>{t('device.subscription')}</TableCell>
              <TableCell>{t('device.battery')}</TableCell>
              <TableCell>{t('device.lastContact')}</TableCell>
              <TableCell align="right">{t('device.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.device.id} data-testid="device-row">
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                  {label(row.device)}
                </TableCell>
                <TableCell>{cells.status(row.device)}</TableCell>
                <TableCell>
                  {cells.subscription(row)}
                  <SubscriptionNotice row={row} onAction={onAction} />
                </TableCell>
                <TableCell>{cells.battery(row.device)}</TableCell>
                <TableCell>{cells.lastContact(row.device)}</TableCell>
                <TableCell align="right">
                  <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'flex-end', gap: 1 }}>
                    <LocateButton device={shown(row.device)} layout="row" onPosition={onPosition} />
                    {actions(row)}
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }
  return (
    <Stack component="ul" aria-label={t('dashboard.listLabel')} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((row) => (
        <Card component="li" key={row.device.id} variant="outlined" data-testid="device-row">
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Stack direction="row" alignItems="flex-start" justifyContent="space-between" spacing={1}>
              <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
                {label(row.device)}
              </Typography>
              {actions(row)}
            </Stack>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, mt: 1, '& dt': { color: 'text.secondary' }, '& dd': { m: 0 } }}>
              <dt>{t('device.status')}</dt>
              <dd>{cells.status(row.device)}</dd>
              <dt>{t('device.subscription')}</dt>
              <dd>{cells.subscription(row)}</dd>
              <dt>{t('device.battery')}</dt>
              <dd>{cells.battery(row.device)}</dd>
              <dt>{t('device.lastContact')}</dt>
              <dd>{cells.lastContact(row.device)}</dd>
            </Box>
            <SubscriptionNotice row={row} onAction={onAction} />
            <Box sx={{ mt: 2 }}>
              <LocateButton device={shown(row.device)} layout="card" onPosition={onPosition} />
            </Box>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
