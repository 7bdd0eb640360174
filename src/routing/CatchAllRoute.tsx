import { useLocation } from 'react-router-dom';
import { mayHaveSession } from '../components/storedSession';
import { isProtectedPath } from './isProtectedPath';
import { lazyComponent } from './lazyComponent';

const NotFound = lazyComponent(() => import('../pages/public/NotFound'));
// The shell comes with its texts, so it renders at once when it arrives.
const AdminApp = lazyComponent(async () => {
  const shell = await import('../layout/AdminApp');
  await shell.bootAdmin();
  return shell;
});

/** Loads what `pathname` shows: the shell and the first screen's chunks, or the not-found page. */
export async function preloadShell(pathname: string): Promise<void> {
  if (!isProtectedPath(pathname, mayHaveSession())) {
    await NotFound.preload();
    return;
  }
  const [, { preloadScreen }] = await Promise.all([AdminApp.preload(), import('../layout/AdminApp')]);
  await preloadScreen(pathname);
}

/**
 * Everything that is not a public page. One route element for all protected paths, so the single
 * react-admin <Admin> (which uses main.tsx's BrowserRouter) stays mounted while the user moves
 * between its screens. A signed-in user's unknown address also goes to the shell (it may be a
 * schema resource; react-admin's catch-all answers otherwise); an anonymous visitor's is the
 * public not-found page. Loaded lazily itself, so the route list it checks against is not
 * part of the public pages' first load.
 */
export default function CatchAllRoute() {
  const { pathname } = useLocation();
  return isProtectedPath(pathname, mayHaveSession()) ? <AdminApp /> : <NotFound />;
}
