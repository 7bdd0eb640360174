import { useId, useState } from 'react';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useNotify } from 'react-admin';
import { httpClient } from '../providers/httpClient';
import { useNotifyError } from '../pages/app/identity/useNotifyError';

interface Props {
  /** GET and PUT `{ requireSecondFactor }` here. */
  path: string;
  queryKey: QueryKey;
  label: string;
  /** The caller may not change it (the switch still shows the state). */
  readOnly?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * "Require a second factor" (issue 15; server/identity/second-factor-requirement-routes.ts), for a
 * tenant on the settings page or a role on its edit page: read from `path` and saved as soon as
 * it is switched. Covered users with neither passkey nor authenticator app get a mailed code.
 */
export function SecondFactorSwitch({ path, queryKey, label, readOnly = false, sx }: Props) {
  const { t } = useTranslation('security');
  const titleId = useId();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const requirement = useQuery({ queryKey, refetchOnMount: 'always', queryFn: async ({ signal }) => (await httpClient<{ requireSecondFactor: boolean }>(path, { signal })).json! });

  const change = async (requireSecondFactor: boolean) => {
    setBusy(true);
    try {
      client.setQueryData(queryKey, (await httpClient<{ requireSecondFactor: boolean }>(path, { method: 'PUT', body: { requireSecondFactor } })).json);
      notify(t('requirement.saved'), { type: 'success' });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby={titleId} sx={sx}>
      <Divider sx={{ mb: 2 }} />
      <Typography id={titleId} variant="h6" component="h2">
        {t('requirement.title')}
      </Typography>
      <FormControlLabel
        control={<Switch checked={requirement.data?.requireSecondFactor ?? false} disabled={readOnly || busy || !requirement.data} onChange={(event) => void change(event.target.checked)} />}
        label={label}
      />
      <Typography variant="body2" color="text.secondary">
        {t('requirement.help')}
      </Typography>
    </Box>
  );
}
