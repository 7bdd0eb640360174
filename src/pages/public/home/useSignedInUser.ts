import { useEffect, useState } from 'react';
import { getSignedInUser } from '../../../components/signInClient';

/**
 * oidc-client-ts keeps the user in localStorage under 'oidc.user:<authority>:<client id>'. Without
 * such an entry nobody is signed in, and the sign-in library (loaded on demand by userManager) need
 * not be downloaded just to learn that: a first visit to '/' stays light.
 */
function mayHaveSession(): boolean {
  try {
    return Object.keys(window.localStorage).some((key) => key.startsWith('oidc.user:'));
  } catch {
    return true;
  }
}

/** The signed-in user, null when anonymous, undefined while checking. */
export function useSignedInUser(enabled: boolean): { name: string } | null | undefined {
  const [worthChecking] = useState(mayHaveSession);
  const [user, setUser] = useState<{ name: string } | null | undefined>(worthChecking ? undefined : null);
  useEffect(() => {
    if (!enabled || !worthChecking) return;
    let active = true;
    getSignedInUser()
      .catch(() => null)
      .then((found) => {
        if (active) setUser(found);
      });
    return () => {
      active = false;
    };
  }, [enabled, worthChecking]);
  return user;
}
