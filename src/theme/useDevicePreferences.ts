import { useSyncExternalStore } from 'react';

function mediaQuery(query: string): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined;
}

/** Whether a media query matches now, re-rendering when the device setting changes; false without matchMedia. */
function useMediaQueryMatch(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = mediaQuery(query);
      mql?.addEventListener('change', onChange);
      return () => mql?.removeEventListener('change', onChange);
    },
    () => mediaQuery(query)?.matches ?? false,
    () => false,
  );
}

/** Whether the device asks for dark colours; false without matchMedia ("no dynamic theming is light"). */
export function usePrefersDark(): boolean {
  return useMediaQueryMatch('(prefers-color-scheme: dark)');
}

/** Whether the device asks for less motion (an operating-system accessibility setting). */
export function usePrefersReducedMotion(): boolean {
  return useMediaQueryMatch('(prefers-reduced-motion: reduce)');
}
