import { useState } from 'react';
import type { SwitcherMenuProps } from './SwitcherMenu';
import { chunk, useChunk } from './useChunk';

// MUI's Menu (with Popover, Modal, focus trap and transitions) is ~10 kB gzipped: it loads when a
// switcher is first pointed at, focused or opened, not with every public page.
const menuChunk = chunk(() => import('./SwitcherMenu'));

export function preloadSwitcherMenu(): void {
  void menuChunk.load();
}

/**
 * Renders nothing until the menu is opened once; then stays mounted so it can animate closed.
 * Not React.lazy: its Suspense boundary revealed the menu no sooner than 300 ms after the click
 * even when pointing at the button had loaded it. Now it opens in the click's own render.
 */
export function LazySwitcherMenu(props: SwitcherMenuProps) {
  const [used, setUsed] = useState(false);
  if (props.anchorEl && !used) setUsed(true);
  const SwitcherMenu = useChunk(menuChunk, used)?.default;
  return SwitcherMenu ? <SwitcherMenu {...props} /> : null;
}
