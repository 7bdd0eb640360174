import { useCallback, useRef, useState } from 'react';

/**
 * Runs one submission at a time: a second click while the first is on its way does nothing (the
 * ref is set before React re-renders the disabled button), so a double click adds, pauses or
 * renews once.
 */
export function useSubmitOnce() {
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const run = useCallback(async (work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    try {
      await work();
    } finally {
      running.current = false;
      setPending(false);
    }
  }, []);
  return { pending, run };
}
