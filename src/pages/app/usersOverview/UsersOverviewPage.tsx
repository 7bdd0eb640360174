import ComingSoon from '../ComingSoon';

/** /users: the user overviews (standard, phone-number sign-in, MitID, working hours, logs) and reports. */
export default function UsersOverviewPage() {
  return <ComingSoon label="menu.users" />;
}
