import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useGetIdentity } from 'react-admin';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { disablePush, enablePush, notificationPermission, pushEnabledHere, PushSetupError, pushSupport } from '../../../providers/push';
import { failureOf } from './api';
import { Section } from './Section';

export const PUSH_KEY = ['push-enabled-here'] as const;

/** "Chrome on Android": what the carer will recognise in a list of devices (no library: a few patterns). */
export function browserLabel(userAgent: string): string {
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrome\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : 'Browser';
  const os = /Android/.test(userAgent) ? 'Android' : /iPhone|iPad|iPod/.test(userAgent) ? 'iOS' : /Windows/.test(userAgent) ? 'Windows' : /Mac OS X/.test(userAgent) ? 'macOS' : /Linux/.test(userAgent) ? 'Linux' : '';
  return os ? `${browser} on ${os}` : browser;
}

/**
 * "Push notifications on this device" (issue 16): a switch per browser. On asks for notification
 * permission, subscribes with the server's key and registers the subscription; off removes it.
 * Says plainly when this browser cannot (unsupported, not https, iPhone outside the home-screen
 * app) or when notifications are blocked, and shows a failure without losing the page.
 */
export function PushSection() {
  const { t } = useTranslation('push');
  const { identity } = useGetIdentity();
  const queryClient = useQueryClient();
  const support = pushSupport();
  const userId = identity?.id === undefined ? undefined : String(identity.id);
  const [permission, setPermission] = useState(notificationPermission);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const enabled = useQuery({
    queryKey: [...PUSH_KEY, userId],
    queryFn: ({ signal }) => pushEnabledHere(userId, signal),
    enabled: support === 'supported',
    retry: false,
  });
  const on = enabled.data === true;

  const why = (failure: unknown) => {
    if (failure instanceof PushSetupError) {
      if (failure.reason === 'blocked') return t('ui.blocked');
      if (failure.reason === 'denied') return t('ui.denied');
      if (failure.reason === 'noService') return t('ui.failed', { reason: t('ui.noService') });
    }
    return t('ui.failed', { reason: failureOf(failure, failure instanceof Error ? failure.message : String(failure)).message });
  };
  // Whatever went wrong with push here, the carer must know the alarms still come another way.
  const stillArrive = (text: string) => `${text} ${t('ui.stillArrive')}`;
  const reasonText = (failure: unknown) => stillArrive(why(failure));

  const toggle = async (next: boolean) => {
    setBusy(true);
    setError(undefined);
    try {
      if (next) await enablePush({ deviceName: browserLabel(navigator.userAgent), ...(userId ? { userId } : {}) });
      else await disablePush();
      queryClient.setQueryData([...PUSH_KEY, userId], next);
    } catch (failure) {
      setError(next ? reasonText(failure) : t('ui.offFailed'));
      await queryClient.invalidateQueries({ queryKey: PUSH_KEY });
    } finally {
      setPermission(notificationPermission());
      setBusy(false);
    }
  };

  const blocked = support === 'supported' && permission === 'denied';
  const unavailableWhy = support === 'unsupported' ? t('ui.unsupported') : support === 'insecure' ? t('ui.insecure') : support === 'needsInstall' ? `${t('ui.unsupported')} ${t('ui.iosHint')}` : undefined;
  const unavailable = unavailableWhy && stillArrive(unavailableWhy);

  return (
    <Section id="push-notifications" title={t('ui.title')} intro={t('ui.intro')}>
      <Stack spacing={1.5} data-testid="push-section" data-state={unavailable ? 'unavailable' : blocked ? 'blocked' : on ? 'on' : 'off'}>
        <FormControlLabel
          sx={{ alignItems: 'center', mr: 0, '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
          control={<Switch checked={on} disabled={busy || !!unavailable || blocked || enabled.isPending} onChange={(_, checked) => void toggle(checked)} />}
          label={t('ui.switch')}
        />
        {!unavailable && !blocked && (
          <Typography variant="body2" color="text.secondary" role="status">
            {busy ? t('ui.working') : on ? t('ui.on') : t('ui.off')}
          </Typography>
        )}
        {unavailable && <Alert severity="info">{unavailable}</Alert>}
        {blocked && <Alert severity="warning">{stillArrive(t('ui.blocked'))}</Alert>}
        {error && !blocked && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Section>
  );
}
