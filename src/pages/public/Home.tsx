import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../components/usePageTitle';
import { useSignInAction } from '../../components/useSignInAction';
import { HomeHero } from './home/HomeHero';
import { HomeFeatures } from './home/HomeFeatures';
import { useSignInCallback } from './home/useSignInCallback';
import { useSignedInUser } from './home/useSignedInUser';
import { goodbyeOf } from './home/goodbye';
import { TransferGoodbye } from './home/TransferGoodbye';

/** '/': the sign-in callback target, and the welcome with sign in / register. */
export default function Home() {
  const { t } = useTranslation();
  const callback = useSignInCallback();
  const user = useSignedInUser(callback.status === 'none');
  const signIn = useSignInAction();
  // Read once: the message stays while the page is open, whatever the address bar does.
  const [goodbye] = useState(() => goodbyeOf(window.location.search));
  usePageTitle(callback.status === 'completing' ? t('auth.signingIn') : t('home.pageTitle'));

  if (callback.status === 'completing') {
    return (
      <Box role="status" sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, py: 10 }}>
        <CircularProgress aria-hidden />
        <Typography>{t('auth.signingIn')}</Typography>
      </Box>
    );
  }

  return (
    <>
      {goodbye === 'transferred' && !user && <TransferGoodbye signedOut={user === null} />}
      {goodbye && goodbye !== 'transferred' && (
        <Alert severity="success" role="status" sx={{ m: 2 }}>
          {t(`home.goodbye.${goodbye}`)}
        </Alert>
      )}
      <HomeHero
        user={user}
        onSignIn={() => signIn.start()}
        signingIn={signIn.busy}
        errorKey={signIn.errorKey ?? (callback.status === 'failed' ? callback.errorKey : undefined)}
      />
      <HomeFeatures />
    </>
  );
}
