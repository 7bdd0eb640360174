import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useCanAccess, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { POLICIES } from '../../../../common/policies';
import { api } from '../../../providers/openapi/typedApi';
import { useNotifyError } from '../identity/useNotifyError';

/** Two-factor on or off for the user (ABP: PUT /api/identity/users/{id}/two-factor/{enabled}), saved at once. */
export function TwoFactorSwitch() {
  const { t } = useTranslation('identity');
  const record = useRecordContext<{ id: string; twoFactorEnabled?: boolean }>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const { canAccess = false } = useCanAccess({ resource: `${POLICIES.identityUsers}.Update`, action: 'access' });
  if (!record) return null;
  const toggle = async (enabled: boolean) => {
    setBusy(true);
    try {
      await api('put', '/api/identity/users/{id}/two-factor/{enabled}', { params: { id: record.id, enabled } });
      notify(enabled ? t('users.twoFactorOn') : t('users.twoFactorOff'), { type: 'success' });
      refresh();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormControlLabel
      sx={{ px: 2 }}
      control={<Switch checked={record.twoFactorEnabled === true} disabled={busy || !canAccess} onChange={(e) => void toggle(e.target.checked)} />}
      label={t('users.twoFactor')}
    />
  );
}
