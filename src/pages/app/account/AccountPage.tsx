import ComingSoon from '../ComingSoon';

/** /account: profile, avatar, password change, account transfer, account deletion. */
export default function AccountPage() {
  return <ComingSoon label="menu.account" />;
}
