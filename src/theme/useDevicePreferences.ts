import { useSyncExternalStore } from 'react';

/** A device setting read through a media query, as a store useSyncExternalStore can keep (stable functions, one per query). */
function mediaQueryStore(query: string) {
  const list = (): MediaQueryList | undefined => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined);
  return {
    subscribe(onChange: () => void): () => void {
      const mql = list();
      mql?.addEventListener('change', onChange);
      return () => mql?.removeEventListener('change', onChange);
    },
    /** False without matchMedia. */
    matches: (): boolean => list()?.matches ?? false,
  };
}

const DARK = mediaQueryStore('(prefers-color-scheme: dark)');
const REDUCED_MOTION = mediaQueryStore('(prefers-reduced-motion: reduce)');
const ON_SERVER = () => false;

/** Whether the device asks for dark colours; false without matchMedia ("no dynamic theming is light"). */
export function usePrefersDark(): boolean {
  return useSyncExternalStore(DARK.subscribe, DARK.matches, ON_SERVER);
}

/** Whether the device asks for less motion (an operating-system accessibility setting). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(REDUCED_MOTION.subscribe, REDUCED_MOTION.matches, ON_SERVER);
}
