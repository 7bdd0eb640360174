import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LoginIcon from '@mui/icons-material/Login';
import { usePageTitle } from '../../components/usePageTitle';
import { safeReturnPath } from '../../components/safeReturnPath';
import { useSignInAction } from '../../components/useSignInAction';
import { VigilLogo } from '../../components/VigilLogo';
import { BusyStatus } from '../../components/BusyStatus';

/** Where to go after sign-in: react-admin's `state.nextPathname`, or `?returnTo=`; only local paths. */
function useReturnTo(): string | undefined {
  const location = useLocation();
  const state: unknown = location.state;
  const fromState = typeof state === 'object' && state !== null && 'nextPathname' in state ? state.nextPathname : undefined;
  const fromQuery = new URLSearchParams(location.search).get('returnTo') ?? undefined;
  const candidate = fromState ?? fromQuery;
  return candidate === undefined ? undefined : safeReturnPath(candidate);
}

/** '/login': starts the redirect to the sign-in page at once, with a manual button if it stalls. */
export default function Login() {
  const { t } = useTranslation();
  const returnTo = useReturnTo();
  const { start, errorKey } = useSignInAction();
  const started = useRef(false);
  usePageTitle(t('app.signIn'));

  // Once per visit (StrictMode runs effects twice in development).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start(returnTo);
  }, [start, returnTo]);

  return (
    <Container maxWidth="sm" sx={{ flex: 1, display: 'flex', alignItems: 'center', py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 4, width: '100%', textAlign: 'center' }}>
        <Stack spacing={2.5} sx={{ alignItems: 'center' }}>
          <VigilLogo size={48} />
          <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' } }}>
            {t('app.signIn')}
          </Typography>
          {errorKey ? (
            <Alert severity="error" sx={{ textAlign: 'left', width: '100%' }}>
              {t(errorKey)}
            </Alert>
          ) : (
            <BusyStatus text={t('auth.redirecting')} />
          )}
          <Typography variant="body2" color="text.secondary">
            {errorKey ? t('login.failedHelp') : t('login.manualHelp')}
          </Typography>
          <Button variant="contained" size="large" startIcon={<LoginIcon />} onClick={() => start(returnTo)}>
            {errorKey ? t('errors.tryAgain') : t('login.continue')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
