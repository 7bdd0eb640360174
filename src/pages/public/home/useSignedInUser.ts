import { useEffect, useState } from 'react';
import { getSignedInUser } from '../../../components/signInClient';
import { mayHaveSession } from '../../../components/storedSession';

/**
 * The signed-in user, null when anonymous, undefined while checking. Without a stored session the
 * sign-in library (loaded on demand by userManager) is not downloaded just to learn that: a first
 * visit to '/' stays light.
 */
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
