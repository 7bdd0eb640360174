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
import { api } from '../providers/openapi/typedApi';
import { useNotifyError } from '../pages/app/identity/useNotifyError';

interface Props {
  /** The role whose requirement this is; the host's or the filtered tenant's setting when left out. */
  roleId?: string;
  queryKey: QueryKey;
  label: string;
  /** The caller may not change it (the switch still shows the state). */
  readOnly?: boolean;
  sx?: SxProps<Theme>;
}

const ROLE = '/api/identity/roles/{id}/second-factor';
const TENANT = '/api/setting-management/second-factor';

/** The role's requirement, or the tenant's setting without a role. */
const readRequirement = (roleId: string | undefined, signal: AbortSignal) =>
  roleId ? api('get', ROLE, { params: { id: roleId }, signal }) : api('get', TENANT, { signal });

const saveRequirement = (roleId: string | undefined, body: { requireSecondFactor: boolean }) =>
  roleId ? api('put', ROLE, { params: { id: roleId }, body }) : api('put', TENANT, { body });

/**
 * "Require a second factor" (issue 15; server/identity/second-factor-requirement-routes.ts), for a
 * tenant on the settings page or a role on its edit page, saved as soon as it is switched.
 * Covered users with neither passkey nor authenticator app get a mailed code.
 */
export function SecondFactorSwitch({ roleId, queryKey, label, readOnly = false, sx }: Props) {
  const { t, ready } = useTranslation('security');
  const titleId = useId();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const requirement = useQuery({ queryKey, refetchOnMount: 'always', queryFn: ({ signal }) => readRequirement(roleId, signal) });

  const change = async (requireSecondFactor: boolean) => {
    setBusy(true);
    try {
      client.setQueryData(queryKey, await saveRequirement(roleId, { requireSecondFactor }));
      notify(t('requirement.saved'), { type: 'success' });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  // The 'security' texts load on demand: never their keys ('requirement.title') meanwhile.
  if (!ready) return null;
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
