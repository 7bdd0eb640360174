import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { completeSignIn, isSignInCallback } from '../../../components/signInClient';
import { authErrorKey } from '../../../i18n/authErrors';
import { safeReturnPath } from '../../../components/safeReturnPath';

export type SignInCallbackState = { status: 'none' } | { status: 'completing' } | { status: 'failed'; errorKey: string };

/** A cheap first guess, so the welcome never flashes before "Signing you in…". */
function looksLikeCallback(search: string): boolean {
  const params = new URLSearchParams(search);
  return (params.has('code') && params.has('state')) || params.has('error');
}

// The authorization code can be redeemed once: StrictMode's double effect and re-renders must share
// one completion per callback URL.
let completion: { url: string; promise: Promise<string> } | undefined;

function completeOnce(url: string): Promise<string> {
  if (completion?.url !== url) completion = { url, promise: completeSignIn() };
  return completion.promise;
}

/**
 * The OIDC redirect_uri is the site root: when '/' is opened with a sign-in response, finish the
 * sign-in and go to the requested page, replacing the URL so the code leaves the history (SPEC
 * section 4: "After a sign-in callback the URL query is replaced by the plain path").
 */
export function useSignInCallback(): SignInCallbackState {
  const navigate = useNavigate();
  const [state, setState] = useState<SignInCallbackState>(() =>
    looksLikeCallback(window.location.search) ? { status: 'completing' } : { status: 'none' },
  );

  useEffect(() => {
    if (state.status !== 'completing') return;
    const url = new URL(window.location.href);
    let active = true;
    isSignInCallback(url)
      .then((isCallback) => (isCallback ? completeOnce(url.href) : null))
      .then(
        (path) => {
          if (!active) return;
          if (path === null) setState({ status: 'none' });
          else void navigate(safeReturnPath(path), { replace: true });
        },
        (error: unknown) => {
          if (!active) return;
          console.error('[Vigil] sign-in callback', error);
          setState({ status: 'failed', errorKey: authErrorKey(error, 'auth.errors.signInFailed') });
          void navigate('/', { replace: true });
        },
      );
    return () => {
      active = false;
    };
  }, [state.status, navigate]);

  return state;
}
