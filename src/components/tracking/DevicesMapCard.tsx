import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MapView, { type MapMarker, type MapTrail } from '../map/MapView';
import { formatDateTime } from '../../../common/dates';
import BatteryChart from './BatteryChart';
import { loadLatestPositions, loadTrail, type TrailPoint } from './trackingApi';

const PERIODS = [6, 24, 72] as const;
/** The last positions are read again this often while the card is open. */
const REFRESH_MS = 30_000;

/**
 * The last positions (and the trail of a selected device) of the devices the user may see, on the
 * one MapView. `deviceIds` narrows it (a citizen's devices).
 */
export default function DevicesMapCard({ deviceIds }: { deviceIds?: string[] }) {
  const { t } = useTranslation('tracking');
  const [selected, setSelected] = useState('');
  const [hours, setHours] = useState<number>(24);
  const { data: positions, isError: failed } = useQuery({
    queryKey: ['tracking', 'latest', deviceIds?.join(',') ?? ''],
    queryFn: () => loadLatestPositions(deviceIds),
    refetchInterval: REFRESH_MS,
  });
  const { data: trail = [] } = useQuery({ queryKey: ['tracking', 'trail', selected, hours], queryFn: () => loadTrail(selected, hours), enabled: Boolean(selected) });
  const shown: TrailPoint[] = selected ? trail : [];

  const markers: MapMarker[] = useMemo(
    () =>
      (positions ?? []).map((p) => ({
        id: p.deviceId,
        position: { lat: p.latitude, lng: p.longitude },
        label: p.name,
        detail: [t('map.lastFix', { time: formatDateTime(p.fixTime) }), p.batteryLevel !== null ? t('map.battery', { level: p.batteryLevel }) : ''].filter(Boolean).join(' · '),
      })),
    [positions, t],
  );
  const trails: MapTrail[] = shown.length ? [{ id: selected, points: shown.map((p) => ({ lat: p.latitude, lng: p.longitude })) }] : [];
  const device = positions?.find((p) => p.deviceId === selected);

  return (
    <Card component="section" aria-label={t('map.title')} sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('map.title')}
        </Typography>
        {failed && <Typography color="error">{t('map.loadFailed')}</Typography>}
        {positions && positions.length === 0 && <Typography color="text.secondary">{t('map.none')}</Typography>}
        {positions && positions.length > 0 && (
          <>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
              <TextField select size="small" label={t('map.showTrail')} value={selected} onChange={(e) => setSelected(e.target.value)} sx={{ minWidth: 180 }}>
                <MenuItem value="">—</MenuItem>
                {positions.map((p) => (
                  <MenuItem key={p.deviceId} value={p.deviceId}>
                    {p.name}
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
                  {t('map.trailOf', { device: device.name, count: shown.length })}
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
