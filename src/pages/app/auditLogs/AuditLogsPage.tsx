import ComingSoon from '../ComingSoon';

/** /audit-logs: every mutating API call, with filters. */
export default function AuditLogsPage() {
  return <ComingSoon label="menu.auditLogs" />;
}
