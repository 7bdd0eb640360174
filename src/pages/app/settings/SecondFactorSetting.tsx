import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useNotify } from 'react-admin';
import { httpClient } from '../../../providers/httpClient';
import { useNotifyError } from '../identity/useNotifyError';

const ENDPOINT = '/api/setting-management/second-factor';

/**
 * "Require a second factor" for the host or the tenant picked in the tenant filter (issue 15
 * item 6; the setting Vigil.Identity.RequireSecondFactor), saved as soon as it is switched.
 */
export function SecondFactorSetting({ scope }: { scope: string }) {
  const { t } = useTranslation('security');
  const notify = useNotify();
  const notifyError = useNotifyError();
  const client = useQueryClient();
  const key = ['management', 'settings', 'second-factor', scope];
  const setting = useQuery({ queryKey: key, refetchOnMount: 'always', queryFn: async ({ signal }) => (await httpClient<{ requireSecondFactor: boolean }>(ENDPOINT, { signal })).json! });
  const [busy, setBusy] = useState(false);

  const change = async (requireSecondFactor: boolean) => {
    setBusy(true);
    try {
      client.setQueryData(key, (await httpClient<{ requireSecondFactor: boolean }>(ENDPOINT, { method: 'PUT', body: { requireSecondFactor } })).json);
      notify(t('requirement.saved'), { type: 'success' });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="settings-second-factor-title" sx={{ maxWidth: 640, mt: 3 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography id="settings-second-factor-title" variant="h6" component="h2">
        {t('requirement.title')}
      </Typography>
      <FormControlLabel
        control={<Switch checked={setting.data?.requireSecondFactor ?? false} disabled={busy || !setting.data} onChange={(event) => void change(event.target.checked)} />}
        label={t('requirement.tenantLabel')}
      />
      <Typography variant="body2" color="text.secondary">
        {t('requirement.help')}
      </Typography>
    </Box>
  );
}
