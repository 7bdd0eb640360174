import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PublicPage } from '../../components/PublicPage';
import { NewPasswordForm } from './password-reset/NewPasswordForm';
import { ResetRequestForm } from './password-reset/ResetRequestForm';

/** The mailed link's token, from the fragment (`#token=`): browsers never send it, so no log holds it. */
const tokenOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token');

/**
 * '/password-reset', the way back in after a forgotten password: without a token, asks for the
 * account's email or user name and mails a link (the same answer for any); with the link's token,
 * sets a new password, then offers sign-in.
 */
export default function PasswordReset() {
  const { t } = useTranslation('profile');
  const token = tokenOf(useLocation().hash);
  if (token) {
    return (
      <PublicPage title={t('passwordReset.newTitle')} width="sm">
        <NewPasswordForm token={token} />
      </PublicPage>
    );
  }
  return (
    <PublicPage title={t('passwordReset.title')} intro={t('passwordReset.intro')} width="sm">
      <ResetRequestForm />
    </PublicPage>
  );
}
