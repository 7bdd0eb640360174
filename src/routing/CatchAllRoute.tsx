import { lazy } from 'react';
import { useLocation } from 'react-router-dom';
import { mayHaveSession } from '../components/storedSession';
import { isProtectedPath } from './isProtectedPath';

const NotFound = lazy(() => import('../pages/public/NotFound'));
const AdminApp = lazy(() => import('../layout/AdminApp'));

/**
 * Everything that is not a public page. One route element for all protected paths, so the single
 * react-admin <Admin> (which uses main.tsx's BrowserRouter) stays mounted while the user moves
 * between its screens. A signed-in user's unknown address also goes to the shell (it may be a
 * schema resource; react-admin's catch-all answers otherwise); an anonymous visitor's is the
 * public not-found page. Loaded lazily itself, so the navigation table it checks against is not
 * part of the public pages' first load.
 */
export default function CatchAllRoute() {
  const { pathname } = useLocation();
  return isProtectedPath(pathname, mayHaveSession()) ? <AdminApp /> : <NotFound />;
}
