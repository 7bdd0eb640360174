import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useCanAccess, useNotify, useRecordContext } from 'react-admin';
import { POLICIES } from '../../../../common/policies';
import { httpClient } from '../../../providers/httpClient';
import { useNotifyError } from '../identity/useNotifyError';

interface Requirement {
  roleId: string;
  requireSecondFactor: boolean;
}

/**
 * Whether the role's members must sign in with a second factor (issue 15 item 6;
 * server/identity/second-factor-requirement-routes.ts): saved as soon as it is switched. Members with
 * neither passkey nor authenticator app are then asked for a mailed code after the password.
 */
export function RoleSecondFactor() {
  const { t } = useTranslation('security');
  const record = useRecordContext<{ id: string; name: string }>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const client = useQueryClient();
  const { canAccess: canUpdate = false } = useCanAccess({ resource: `${POLICIES.roles}.Update`, action: 'access' });
  const [busy, setBusy] = useState(false);
  const path = record ? `/api/identity/roles/${encodeURIComponent(record.id)}/second-factor` : '';
  const key = ['identity', 'role-second-factor', path];
  const requirement = useQuery({ queryKey: key, queryFn: async ({ signal }) => (await httpClient<Requirement>(path, { signal })).json!, enabled: Boolean(record) });
  if (!record) return null;

  const change = async (requireSecondFactor: boolean) => {
    setBusy(true);
    try {
      client.setQueryData(key, (await httpClient<Requirement>(path, { method: 'PUT', body: { requireSecondFactor } })).json);
      notify(t('requirement.saved'), { type: 'success' });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="role-second-factor-title" sx={{ p: 2 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography id="role-second-factor-title" variant="h6" component="h2">
        {t('requirement.title')}
      </Typography>
      <FormControlLabel
        control={<Switch checked={requirement.data?.requireSecondFactor ?? false} disabled={!canUpdate || busy || !requirement.data} onChange={(event) => void change(event.target.checked)} />}
        label={t('requirement.roleLabel')}
      />
      <Typography variant="body2" color="text.secondary">
        {t('requirement.help')}
      </Typography>
    </Box>
  );
}
