import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SettingsSync } from './api';
import { kindOf } from './settingValues';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What staff want next to what the watch reported, per setting: "Waiting for the watch" until it
 * acknowledged the setting, and "In sync" once getSettingsSync says the watch has them all.
 */
export function SettingsState({ sync }: { sync: SettingsSync }) {
  const { t } = useTranslation('stock');
  const wanted = sync.settableSettings.filter((s) => kindOf(s) && sync.wanted[s] !== undefined);
  const reported = sync.reported ?? {};

  const shown = (setting: string, value: unknown): string => {
    if (value === undefined || value === null) return t('deviceSettings.state.notReported');
    switch (kindOf(setting)) {
      case 'seconds':
        return t('deviceSettings.values.seconds', { count: Number(value) });
      case 'phones':
        return Array.isArray(value) && value.length ? value.join(', ') : t('deviceSettings.values.none');
      case 'switch':
        return t(value === true ? 'deviceSettings.values.on' : 'deviceSettings.values.off');
      default:
        return String(value);
    }
  };

  if (wanted.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ mt: 3 }}>
        {t('deviceSettings.state.nothingSent')}
      </Typography>
    );
  }
  const state = (setting: string) => (sync.inSync || same(sync.wanted[setting], reported[setting]) ? 'inSync' : 'waiting');
  return (
    <Box component="section" aria-labelledby="watch-settings-state" sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" id="watch-settings-state">
          {t('deviceSettings.state.title')}
        </Typography>
        <Box role="status">
          <Chip size="small" color={sync.inSync ? 'success' : 'warning'} label={t(sync.inSync ? 'deviceSettings.state.inSync' : 'deviceSettings.state.waiting')} />
        </Box>
      </Box>
      {/* One item per setting, its facts stacked: readable on a phone, side by side on a wider screen. */}
      <Box component="ul" aria-labelledby="watch-settings-state" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
        {wanted.map((setting) => (
          <Box component="li" key={setting} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
            <Typography variant="subtitle2" component="p" gutterBottom>
              {t(`deviceSettings.names.${setting}`)}
            </Typography>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('deviceSettings.state.wanted')}
              </Typography>
              <Typography component="dd" variant="body2">
                {shown(setting, sync.wanted[setting])}
              </Typography>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('deviceSettings.state.reported')}
              </Typography>
              <Typography component="dd" variant="body2">
                {shown(setting, reported[setting])}
              </Typography>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('deviceSettings.state.status')}
              </Typography>
              <Typography component="dd" variant="body2" color={state(setting) === 'inSync' ? 'success.main' : 'warning.main'} sx={{ fontWeight: 500 }}>
                {t(`deviceSettings.state.${state(setting)}`)}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
