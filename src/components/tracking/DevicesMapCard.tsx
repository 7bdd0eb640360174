import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MapView, { type MapMarker, type MapTrail, type MapZone } from '../map/MapView';
import { formatDateTime } from '../../../common/dates';
import { useWatchLabels } from '../devices/useWatchLabels';
import BatteryChart from './BatteryChart';
import { OPEN_ALARMS_KEY } from './liveStream';
import { LATEST_POSITIONS_KEY, loadAlarmEvent, loadLatestPositions, loadTrail, type AlarmEventView, type TrailPoint } from './trackingApi';

const PERIODS = [6, 24, 72] as const;
/** The last positions are read again this often while the card is open. */
const REFRESH_MS = 30_000;

const COMPASS = ['n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw'] as const;
const compass = (bearing: number) => COMPASS[Math.round((((bearing % 360) + 360) % 360) / 45) % 8]!;

/** "320 m north-east of Home" (or "in Home"), as the alarm's texts say it. */
function distanceWords(alarm: AlarmEventView, t: (key: string, values?: Record<string, string | number>) => string): string {
  const zone = alarm.zone?.name;
  if (!zone || alarm.distance === null) return '';
  if (alarm.distance < 1 || alarm.bearing === null) return t('place.inside', { zone });
  const m = alarm.distance;
  const distance = m < 100 ? `${Math.round(m / 5) * 5} m` : m < 995 ? `${Math.round(m / 10) * 10} m` : `${(m / 1000).toFixed(m < 10_000 ? 1 : 0)} km`;
  return t('place.relative', { distance, direction: t(`place.directions.${compass(alarm.bearing)}`), zone });
}

/**
 * What the map shows for an alarm opened from its link: its place, its zone, the 30 minutes before
 * it. Brought into view with its heading focused when it opens: on a phone the map is screens
 * below the alarms and the watches, and a tapped notification is about where the person is.
 */
function AlarmFocus({ alarm, onClose }: { alarm: AlarmEventView; onClose: () => void }) {
  const { t } = useTranslation('tracking');
  const heading = useRef<HTMLHeadingElement>(null);
  // Again on every visit to the link (a new location), also Show on map pressed twice for one alarm.
  const { key: visit } = useLocation();
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [alarm.id, visit]);
  const subject = `${t(`types.${alarm.type}`)} · ${alarm.deviceName}`;
  const position = alarm.latitude !== null && alarm.longitude !== null ? { lat: alarm.latitude, lng: alarm.longitude } : null;
  const markers: MapMarker[] = position ? [{ id: `alarm-${alarm.id}`, kind: 'alarm', position, label: t('alarmMap.position'), detail: formatDateTime(alarm.eventTime) }] : [];
  const trails: MapTrail[] = alarm.trail.length ? [{ id: `alarm-trail-${alarm.id}`, points: alarm.trail.map((p) => ({ lat: p.latitude, lng: p.longitude })) }] : [];
  const zones: MapZone[] = alarm.zone ? [{ ...alarm.zone, id: alarm.zone.id ?? `zone-${alarm.id}` }] : [];
  const words = distanceWords(alarm, t);
  return (
    <Box component="section" aria-label={t('alarmMap.title', { subject })} data-testid="alarm-focus" sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" ref={heading} tabIndex={-1} sx={{ scrollMarginTop: 72, '&:focus': { outline: 'none' } }}>
          {t('alarmMap.title', { subject })}
        </Typography>
        <Button size="small" onClick={onClose}>
          {t('alarmMap.close')}
        </Button>
      </Box>
      <Typography variant="body2" data-testid="alarm-facts">
        {[formatDateTime(alarm.eventTime), words, position ? `${position.lat.toFixed(5)}, ${position.lng.toFixed(5)}${alarm.accuracy !== null ? ` (±${Math.round(alarm.accuracy)} m)` : ''}` : t('place.unknown')].filter(Boolean).join(' · ')}
      </Typography>
      <MapView label={t('alarmMap.position')} markers={markers} trails={trails} zones={zones} focus={position} height={320} />
      <Typography variant="body2" role="status" data-testid="alarm-trail" sx={{ mt: 1 }}>
        {t('map.trailOf', { device: alarm.deviceName, count: alarm.trail.length })} · {t('alarmMap.trail')}
      </Typography>
    </Box>
  );
}

/**
 * The last positions (and the trail of a selected device) of the devices the user may see, on the
 * one MapView. `deviceIds` narrows it (a citizen's devices). `alarmId` (an alarm's link,
 * /dashboard?alarm=<eventId>) opens that alarm first: the device selected, its place, zone and the
 * trail of the 30 minutes before it.
 */
export default function DevicesMapCard({ deviceIds, alarmId, onCloseAlarm }: { deviceIds?: string[]; alarmId?: string | null; onCloseAlarm?: () => void }) {
  const { t } = useTranslation('tracking');
  const queryClient = useQueryClient();
  const alarm = useQuery({ queryKey: ['tracking', 'alarm-event', alarmId ?? ''], queryFn: () => loadAlarmEvent(alarmId!), enabled: Boolean(alarmId), retry: false });
  // An alarm that is not (or no longer) the user's to see, e.g. of a watch given away: the open
  // alarms are read again, and the server no longer lists it.
  const gone = Boolean(alarmId) && alarm.data === null;
  useEffect(() => {
    if (gone) void queryClient.invalidateQueries({ queryKey: OPEN_ALARMS_KEY });
  }, [gone, queryClient]);
  // The device picked in the list; until one is picked, the alarm's device when an alarm is open.
  const [picked, setSelected] = useState<string | null>(null);
  const selected = picked ?? (alarmId && alarm.data ? alarm.data.deviceId : '');
  const [hours, setHours] = useState<number>(24);
  const { data: positions, isError: failed } = useQuery({
    queryKey: [...LATEST_POSITIONS_KEY, deviceIds?.join(',') ?? ''],
    queryFn: () => loadLatestPositions(deviceIds),
    refetchInterval: REFRESH_MS,
  });
  const { data: trail = [] } = useQuery({ queryKey: ['tracking', 'trail', selected, hours], queryFn: () => loadTrail(selected, hours), enabled: Boolean(selected) });
  const shown: TrailPoint[] = selected ? trail : [];

  // Two watches of one name (after an account transfer) are told apart on the map and in the picker.
  const watches = useMemo(() => positions?.map((p) => ({ id: p.deviceId, name: p.name, imei: p.imei })), [positions]);
  const labelOf = useWatchLabels(watches);
  const markers: MapMarker[] = useMemo(
    () =>
      (positions ?? []).map((p) => ({
        id: p.deviceId,
        position: { lat: p.latitude, lng: p.longitude },
        label: labelOf({ id: p.deviceId, name: p.name }),
        detail: [p.fixTime ? t('map.lastFix', { time: formatDateTime(p.fixTime) }) : '', p.batteryLevel !== null ? t('map.battery', { level: p.batteryLevel }) : ''].filter(Boolean).join(' · '),
      })),
    [positions, t, labelOf],
  );
  const trails: MapTrail[] = shown.length ? [{ id: selected, points: shown.map((p) => ({ lat: p.latitude, lng: p.longitude })) }] : [];
  const device = positions?.find((p) => p.deviceId === selected);

  return (
    <Card component="section" aria-label={t('map.title')} sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('map.title')}
        </Typography>
        {alarmId && alarm.data && <AlarmFocus alarm={alarm.data} onClose={() => onCloseAlarm?.()} />}
        {alarmId && (alarm.data === null || alarm.isError) && (
          <Alert severity="warning" sx={{ mb: 2 }} onClose={() => onCloseAlarm?.()}>
            {t('alarmMap.notFound')}
          </Alert>
        )}
        {failed && <Typography color="error">{t('map.loadFailed')}</Typography>}
        {positions && positions.length === 0 && <Typography color="text.secondary">{t('map.none')}</Typography>}
        {positions && positions.length > 0 && (
          <>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
              <TextField select size="small" label={t('map.showTrail')} value={selected} onChange={(e) => setSelected(e.target.value)} sx={{ minWidth: 180 }}>
                <MenuItem value="">—</MenuItem>
                {positions.map((p) => (
                  <MenuItem key={p.deviceId} value={p.deviceId}>
                    {labelOf({ id: p.deviceId, name: p.name })}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select size="small" label={t('map.period')} value={hours} onChange={(e) => setHours(Number(e.target.value))} sx={{ minWidth: 160 }}>
                {PERIODS.map((h) => (
                  <MenuItem key={h} value={h}>
                    {t('map.hours', { count: h })}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
            <MapView label={t('map.label')} markers={markers} trails={trails} height={320} />
            {device && (
              <Box sx={{ mt: 2 }}>
                <Typography variant="body2" role="status">
                  {t('map.trailOf', { device: labelOf({ id: device.deviceId, name: device.name }), count: shown.length })}
                </Typography>
                <BatteryChart deviceId={device.deviceId} deviceName={device.name} hours={hours} />
              </Box>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
