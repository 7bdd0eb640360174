import ComingSoon from '../ComingSoon';

/** /userLogs: what each user did, per user. */
export default function UserLogsPage() {
  return <ComingSoon label="menu.userLogs" />;
}
