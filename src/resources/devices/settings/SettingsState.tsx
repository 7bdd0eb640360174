import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
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
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="watch-settings-state">
          <TableHead>
            <TableRow>
              <TableCell>{t('deviceSettings.state.setting')}</TableCell>
              <TableCell>{t('deviceSettings.state.wanted')}</TableCell>
              <TableCell>{t('deviceSettings.state.reported')}</TableCell>
              <TableCell>{t('deviceSettings.state.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {wanted.map((setting) => (
              <TableRow key={setting}>
                <TableCell>{t(`deviceSettings.names.${setting}`)}</TableCell>
                <TableCell>{shown(setting, sync.wanted[setting])}</TableCell>
                <TableCell>{shown(setting, reported[setting])}</TableCell>
                <TableCell>{t(sync.inSync || same(sync.wanted[setting], reported[setting]) ? 'deviceSettings.state.inSync' : 'deviceSettings.state.waiting')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
