import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { ACCOUNT_TRANSFERRED_CODE } from '../../../../common/caregiver-account';
import { leaveEndedSession } from '../../../providers/httpClient';
import { removeLocalSession } from '../../../providers/userManager';
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
import { goodbyeUrl, type Goodbye } from '../../public/home/goodbye';

/** While the sender's transfer waits for the recipient, the page looks every few seconds. */
const TRANSFER_POLL_MS = 5000;

/** /account: profile, language (of the app, alarms and mails), picture, password, where you are signed in, account transfer, your data (export, erasure) and deletion (SPEC section 2). */
export default function AccountPage() {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const { data: profile, error } = useQuery({
    queryKey: PROFILE_KEY,
    queryFn: ({ signal }) => fetchProfile(signal),
    // The recipient's acceptance ends this sign-in: the next look is refused, and the home page
    // says what happened (src/providers/httpClient.ts).
    refetchInterval: (query) => (query.state.data?.outgoingTransfer?.status === 'pending' ? TRANSFER_POLL_MS : false),
  });
  // Accepted since this sign-in began (SPEC section 4: the sender signs in again).
  const transferred = profile?.outgoingTransfer?.status === 'accepted';
  const refresh = () => void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
  const saved = (next: Profile) => queryClient.setQueryData(PROFILE_KEY, next);
  // The account is gone (deleted, or its data erased): this session with it; the home page says so.
  const signedOut = (why: Goodbye) => () => void removeLocalSession().then(() => window.location.assign(goodbyeUrl(why)));
  useEffect(() => {
    if (transferred) leaveEndedSession(ACCOUNT_TRANSFERRED_CODE);
  }, [transferred]);

  return (
    <AppPage title={t('account.title')}>
      {error && <Alert severity="error">{t('account.loadFailed')}</Alert>}
      {!profile && !error && <CircularProgress aria-label={t('account.loading')} />}
      {transferred ? (
        <CircularProgress aria-label={t('account.loading')} />
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
