import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout engine and no matchMedia; MUI's useMediaQuery asks it. Every query answers
// "no match", which is the desk layout's default (react-admin's useMediaQuery(down('sm'))).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// After unmounting, let react-admin's zero-delay timers (useReferenceParams schedules its params
// for the next tick) run while jsdom is still there: in a file's last test they fired after the
// environment was gone ("window is not defined", an unhandled error that fails the run).
afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 20));
});
