import { useCallback, useState } from 'react';
import { signIn } from './signInClient';
import { authErrorKey } from '../i18n/authErrors';

export interface SignInAction {
  start: (returnTo?: string) => void;
  /** True from the click until the browser leaves for the sign-in page. */
  busy: boolean;
  /** Translation key of the last failure, if any. */
  errorKey: string | undefined;
}

/** Starts the redirect to the issuer's sign-in page and keeps what the button needs to show. */
export function useSignInAction(): SignInAction {
  const [busy, setBusy] = useState(false);
  const [errorKey, setErrorKey] = useState<string>();
  const start = useCallback((returnTo?: string) => {
    setBusy(true);
    setErrorKey(undefined);
    signIn(returnTo).catch((error: unknown) => {
      console.error('[Vigil] sign-in', error);
      setErrorKey(authErrorKey(error, 'auth.errors.signInFailed'));
      setBusy(false);
    });
  }, []);
  return { start, busy, errorKey };
}
