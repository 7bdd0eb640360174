import ComingSoon from '../ComingSoon';

/** /setting-management: password policy, lockout, email settings. */
export default function SettingsPage() {
  return <ComingSoon label="menu.settings" />;
}
