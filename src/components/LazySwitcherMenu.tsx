import { lazy, Suspense, useState } from 'react';
import type { SwitcherMenuProps } from './SwitcherMenu';

// MUI's Menu (with Popover, Modal, focus trap and transitions) is ~10 kB gzipped: it loads when a
// switcher is first pointed at, focused or opened, not with every public page.
const load = () => import('./SwitcherMenu');
const SwitcherMenu = lazy(load);

export function preloadSwitcherMenu(): void {
  void load();
}

/** Renders nothing until the menu is opened once; then stays mounted so it can animate closed. */
export function LazySwitcherMenu(props: SwitcherMenuProps) {
  const [used, setUsed] = useState(false);
  if (props.anchorEl && !used) setUsed(true);
  if (!used && !props.anchorEl) return null;
  return (
    <Suspense fallback={null}>
      <SwitcherMenu {...props} />
    </Suspense>
  );
}
