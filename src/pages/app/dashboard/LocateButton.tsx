import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { formatTimeOfDay } from '../../../../common/dates';
import { useTenantTimeZone } from '../../../components/dates/useTenantTimeZone';
import type { Device } from './api';
import { useLocate, type LocateState } from './useLocate';

/** What the carer reads under the button: nothing before the first press. */
function messageOf(state: LocateState, t: (key: string, values?: Record<string, string>) => string, zone: string | undefined): string {
  switch (state.step) {
    case 'idle':
      return '';
    case 'asking':
    case 'queued':
      return t('locate.asking');
    case 'located':
      return t('locate.located', { time: formatTimeOfDay(state.fixTime, new Date(), zone) });
    case 'refused':
      return state.message;
    default:
      return t(`locate.${state.step}`);
  }
}

const TONES: Partial<Record<LocateState['step'], string>> = {
  located: 'success.main',
  noAnswer: 'error.main',
  failed: 'error.main',
  refused: 'error.main',
  unreachable: 'error.main',
};

/**
 * "Locate now" on a watch's card: a thumb-sized button (full width on a phone's card), disabled
 * while the request is on its way, and under it what is true as it changes, in a polite live
 * region so a screen reader says each step.
 */
export function LocateButton({ device, layout, onPosition }: { device: Device; layout: 'card' | 'row'; onPosition: () => void }) {
  const { t } = useTranslation('devices');
  const statusId = useId();
  const { state, busy, locate } = useLocate(device, onPosition);
  const zone = useTenantTimeZone();
  const message = messageOf(state, t, zone);
  const card = layout === 'card';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: card ? 'stretch' : 'flex-end' }}>
      <Button
        variant="contained"
        size={card ? 'large' : 'medium'}
        fullWidth={card}
        disabled={busy}
        onClick={() => void locate()}
        startIcon={busy ? <CircularProgress size={20} color="inherit" aria-hidden /> : <MyLocationIcon />}
        aria-label={t('locate.buttonFor', { name: device.name })}
        aria-describedby={statusId}
        sx={{ minHeight: 48, whiteSpace: 'nowrap' }}
      >
        {t('locate.button')}
      </Button>
      <Typography
        id={statusId}
        role="status"
        variant="body2"
        data-testid="locate-status"
        color={TONES[state.step] ?? 'text.secondary'}
        sx={{ mt: message ? 1 : 0, maxWidth: card ? undefined : 280, textAlign: card ? 'left' : 'right' }}
      >
        {message}
      </Typography>
    </Box>
  );
}
