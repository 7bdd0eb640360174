import { useTranslation } from 'react-i18next';

/** The security log's actions the server writes (ABP's names and ours, server/identity/security-log.ts). */
export const SECURITY_ACTIONS = ['LoginSucceeded', 'LoginFailed', 'LoginLockedOut', 'LoginNotAllowed', 'LoginRateLimited', 'Logout', 'ChangePassword', 'PasswordResetRequested', 'PasswordReset', 'PrivilegeEscalationRefused'] as const;

/** An action's translated name; unknown ones as they are. */
export function useActionLabel() {
  const { t } = useTranslation('identity');
  return (action: string) => t(`securityLogs.actions.${action}`, { defaultValue: action });
}
