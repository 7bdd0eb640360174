import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { removeLocalSession, signIn } from '../../../providers/userManager';
import { AppPage } from '../AppPage';
import { fetchProfile, PROFILE_KEY, type Profile } from './api';
import { AvatarSection } from './AvatarSection';
import { DeleteSection } from './DeleteSection';
import { LanguageSection } from './LanguageSection';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';
import { SessionsSection } from './SessionsSection';
import { PushSection } from './PushSection';
import { SignInSecurity } from './SignInSecurity';
import { TransferSection } from './TransferSection';
import { YourDataSection } from '../privacy/YourDataSection';
import { GOODBYE_PARAM, type Goodbye } from '../../public/home/goodbye';

/** While the sender's transfer waits for the recipient, the page looks every few seconds. */
const TRANSFER_POLL_MS = 5000;

/** The sender's account has moved on: forget this session and sign in again. */
function FinalizingTransfer() {
  const { t } = useTranslation('profile');
  useEffect(() => {
    const timer = setTimeout(() => {
      void removeLocalSession()
        .catch(() => undefined)
        .then(() => signIn('/account'));
    }, 2000);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Stack role="status" spacing={2} sx={{ alignItems: 'center', py: 6 }}>
      <CircularProgress aria-hidden />
      <Typography variant="h2" sx={{ fontSize: '1.3rem' }}>
        {t('account.transfer.finalizing')}
      </Typography>
      <Typography color="text.secondary">{t('account.transfer.signInAgain')}</Typography>
    </Stack>
  );
}

/** /account: profile, language (of the app, alarms and mails), picture, password, where you are signed in, account transfer, your data (export, erasure) and deletion (SPEC section 2). */
export default function AccountPage() {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const { data: profile, error } = useQuery({
    queryKey: PROFILE_KEY,
    queryFn: ({ signal }) => fetchProfile(signal, queryClient.getQueryData<Profile>(PROFILE_KEY)?.outgoingTransfer?.status === 'pending'),
    refetchInterval: (query) => (query.state.data?.outgoingTransfer?.status === 'pending' ? TRANSFER_POLL_MS : false),
  });
  // The recipient accepted: that ended this sign-in (SPEC section 2: the sender signs in again).
  const transferred = profile?.outgoingTransfer?.status === 'pending' && (error as { status?: number } | null)?.status === 401;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
  const saved = (next: Profile) => queryClient.setQueryData(PROFILE_KEY, next);
  // The account is gone (deleted, or its data erased): this session with it; the home page says so.
  const signedOut = (why: Goodbye) => () => void removeLocalSession().then(() => window.location.assign(`/?${GOODBYE_PARAM}=${why}`));

  return (
    <AppPage title={t('account.title')}>
      {error && !transferred && <Alert severity="error">{t('account.loadFailed')}</Alert>}
      {!profile && !error && <CircularProgress aria-label={t('account.loading')} />}
      {transferred || profile?.outgoingTransfer?.status === 'accepted' ? (
        <FinalizingTransfer />
      ) : (
        profile && (
          <Stack spacing={3} sx={{ maxWidth: 720 }}>
            <ProfileSection profile={profile} onSaved={saved} />
            <LanguageSection language={profile.language} />
            <AvatarSection updated={profile.avatarUpdated} onChanged={refresh} />
            <PasswordSection />
            <SignInSecurity />
            <PushSection />
            <SessionsSection />
            <TransferSection profile={profile} onChanged={refresh} />
            <YourDataSection activeSubscriptions={profile.activeSubscriptions} onErased={signedOut('erased')} />
            <DeleteSection profile={profile} onDeleted={signedOut('deleted')} />
          </Stack>
        )
      )}
    </AppPage>
  );
}
