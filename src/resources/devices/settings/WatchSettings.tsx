import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { fetchSettingsSync, type SettingsSync } from './api';
import { SettingsForm } from './SettingsForm';
import { SettingsState } from './SettingsState';

/** How often the screen asks whether the watch has taken its settings, while it has not. */
const SYNC_POLL_MS = 2000;

/**
 * "Watch settings" of one device: the form with the settings its model's protocol can carry (or
 * why none can be sent), then wanted versus reported, asked again every two seconds while the
 * watch is not in sync and the screen is open.
 */
export function WatchSettings({ deviceId }: { deviceId: string }) {
  const { t, ready } = useTranslation('stock');
  const queryClient = useQueryClient();
  const key = ['device-settings', deviceId];
  const { data: sync, isError } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchSettingsSync(deviceId, signal),
    refetchInterval: (query) => (query.state.data && !query.state.data.inSync ? SYNC_POLL_MS : false),
  });
  const saved = (next: SettingsSync) => queryClient.setQueryData(key, next);

  if (!ready) return null;
  const body = () => {
    if (isError) return <Alert severity="error">{t('deviceSettings.loadFailed')}</Alert>;
    if (!sync) return <CircularProgress size={24} aria-label={t('deviceSettings.title')} />;
    if (sync.settableSettings.length === 0) {
      return <Alert severity="info">{sync.protocol ? t(`deviceSettings.notCarried.${sync.protocol}`) : t('deviceSettings.noModel')}</Alert>;
    }
    return (
      <>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('deviceSettings.intro')}
        </Typography>
        {/* Started again from what is wanted once that changes (a save). */}
        <SettingsForm key={sync.wantedTime ?? 'none'} deviceId={deviceId} sync={sync} onSaved={saved} />
        <SettingsState sync={sync} />
      </>
    );
  };
  return (
    <Box component="section" aria-labelledby="watch-settings" sx={{ p: 2, pt: 3 }}>
      <Typography variant="h6" component="h2" id="watch-settings" gutterBottom>
        {t('deviceSettings.title')}
      </Typography>
      {body()}
    </Box>
  );
}
