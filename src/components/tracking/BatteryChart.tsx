import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { formatDateTime } from '../../../common/dates';
import { loadBatteryHistory, type BatteryPoint } from './trackingApi';

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 4;

/** SVG path of the battery levels over time (x: time, y: 0-100 %). */
export function batteryPath(points: readonly BatteryPoint[], width = WIDTH, height = HEIGHT): string {
  if (points.length === 0) return '';
  const times = points.map((p) => Date.parse(p.time));
  const t0 = Math.min(...times);
  const span = Math.max(1, Math.max(...times) - t0);
  return points
    .map((p, i) => {
      const x = PAD + ((times[i]! - t0) / span) * (width - 2 * PAD);
      const y = PAD + (1 - p.batteryLevel / 100) * (height - 2 * PAD);
      return `${i === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/**
 * A device's battery level over the last hours (BatteryTimeHistoric) as a small SVG line. The
 * picture is described in words (latest, lowest, highest and the period) for screen readers.
 */
export default function BatteryChart({ deviceId, deviceName, hours = 24 }: { deviceId: string; deviceName: string; hours?: number }) {
  const { t } = useTranslation('tracking');
  const theme = useTheme();
  const titleId = useId();
  const descId = useId();
  const { data, isError: failed } = useQuery({ queryKey: ['tracking', 'battery', deviceId, hours], queryFn: () => loadBatteryHistory(deviceId, hours) });

  if (failed) return <Typography color="error">{t('battery.loadFailed')}</Typography>;
  if (!data) return null;
  const levels = data.items.map((p) => p.batteryLevel);
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" variant="subtitle2" id={titleId}>
        {t('battery.title')}
      </Typography>
      {levels.length === 0 ? (
        <Typography color="text.secondary">{t('battery.empty')}</Typography>
      ) : (
        <>
          <svg role="img" aria-labelledby={`${titleId} ${descId}`} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" style={{ maxWidth: WIDTH, display: 'block' }}>
            <title>{t('battery.chartLabel', { device: deviceName })}</title>
            <rect x="0" y="0" width={WIDTH} height={HEIGHT} fill="none" stroke={theme.palette.divider} />
            <line x1={PAD} x2={WIDTH - PAD} y1={PAD + 0.8 * (HEIGHT - 2 * PAD)} y2={PAD + 0.8 * (HEIGHT - 2 * PAD)} stroke={theme.palette.warning.main} strokeDasharray="4 4" />
            <path d={batteryPath(data.items)} fill="none" stroke={theme.palette.primary.main} strokeWidth="2" />
          </svg>
          <Typography id={descId} variant="caption" color="text.secondary">
            {t('battery.summary', { last: levels.at(-1), min: Math.min(...levels), max: Math.max(...levels), from: formatDateTime(data.from), to: formatDateTime(data.to) })}
          </Typography>
        </>
      )}
    </Box>
  );
}
