import { useEffect } from 'react';
import { useLogout, useNotify } from 'react-admin';
import { authErrorKey } from '../i18n/authErrors';
import { onAccessTokenExpiringUnrenewed, onSignedOutAtIssuer, onSilentRenewError } from '../providers/userManager';

/**
 * Session events as the user sees them: the access-token-expiring notice (when the token is 60 s
 * from expiry and the silent renewal has not replaced it 20 s later),
 * failed silent renewals ('Renew silent failed'), and the end of the session at the issuer, which
 * signs the user out here too. Renders nothing.
 */
export function SessionNotifications() {
  const notify = useNotify();
  const logout = useLogout();

  useEffect(() => onAccessTokenExpiringUnrenewed(() => notify('auth.tokenExpiring', { type: 'warning' })), [notify]);

  useEffect(
    () =>
      onSilentRenewError((message, anonymous) => {
        // The issuer says nobody is signed in there any more: the session is over here too.
        if (anonymous) void logout();
        else notify(authErrorKey(message, 'auth.errors.renewSilentFailed'), { type: 'warning' });
      }),
    [notify, logout],
  );

  useEffect(() => onSignedOutAtIssuer(() => void logout()), [logout]);

  return null;
}
