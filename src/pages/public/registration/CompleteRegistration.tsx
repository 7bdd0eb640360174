import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LoginIcon from '@mui/icons-material/Login';
import { useSignInAction } from '../../../components/useSignInAction';
import { publicApi } from '../publicApi';
import { ResendLink } from './ResendLink';
import { BusyStatus } from '../../../components/BusyStatus';

type State =
  | { step: 'loading' }
  | { step: 'greeting'; name: string }
  | { step: 'completing'; name: string }
  | { step: 'done'; name: string }
  | { step: 'refused'; message: string; code?: string };

/**
 * '/registration?token=': greets the person by the name they registered with, activates the
 * account on their click (mail scanners that open links do not activate it), then offers sign-in.
 * An expired, used or unknown link says so, with the way on (a new link, or sign in).
 */
export function CompleteRegistration({ token }: { token: string }) {
  const { t } = useTranslation('profile');
  const signIn = useSignInAction();
  const [state, setState] = useState<State>({ step: 'loading' });

  useEffect(() => {
    let live = true;
    void publicApi<{ name: string }>(`plugandplay/profile/pending-registration?token=${encodeURIComponent(token)}`).then((r) => {
      if (!live) return;
      setState(r.ok && r.data ? { step: 'greeting', name: r.data.name } : { step: 'refused', message: r.message ?? t('registration.failed'), ...(r.code ? { code: r.code } : {}) });
    });
    return () => {
      live = false;
    };
  }, [token, t]);

  const complete = async (name: string) => {
    setState({ step: 'completing', name });
    const r = await publicApi('plugandplay/profile/complete-registration', { method: 'POST', body: { token } });
    setState(r.ok ? { step: 'done', name } : { step: 'refused', message: r.message ?? t('registration.failed'), ...(r.code ? { code: r.code } : {}) });
  };

  if (state.step === 'loading') {
    return (
      <BusyStatus text={t('complete.checking')} />
    );
  }
  if (state.step === 'refused') {
    const used = state.code === 'Vigil:LinkUsed';
    return (
      <Stack spacing={3}>
        <Alert severity={used ? 'info' : 'error'}>{state.message}</Alert>
        {used ? (
          <Button variant="contained" size="large" startIcon={<LoginIcon />} onClick={() => signIn.start('/dashboard')} sx={{ alignSelf: 'flex-start' }}>
            {t('complete.signIn')}
          </Button>
        ) : (
          <ResendLink />
        )}
      </Stack>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
      <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h2" sx={{ fontSize: '1.4rem' }}>
          {t('complete.greeting', { name: state.name })}
        </Typography>
        {state.step === 'done' ? (
          <>
            <Alert severity="success" role="status" sx={{ width: '100%' }}>
              {t('complete.done')}
            </Alert>
            <Button variant="contained" size="large" startIcon={<LoginIcon />} onClick={() => signIn.start('/dashboard')} disabled={signIn.busy}>
              {t('complete.signIn')}
            </Button>
          </>
        ) : (
          <>
            <Typography color="text.secondary">{t('complete.text')}</Typography>
            <Button variant="contained" size="large" onClick={() => void complete(state.name)} disabled={state.step === 'completing'}>
              {t('complete.activate')}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
