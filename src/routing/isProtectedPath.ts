import { PUBLIC_PATHS } from '../../common/navigation';
import { routeAt } from './findRoute';

/** react-admin's own pages for a denied canAccess check and a failed authentication check. */
const ADMIN_PAGES = new Set(['/access-denied', '/accessDenied', '/authentication-error']);

const PUBLIC = new Set<string>([...PUBLIC_PATHS, '/mobile-app-tos']);

/**
 * True for the paths the react-admin shell renders: the protected layout's screens (and their
 * sub-pages, e.g. /citizens/42) for everyone; for a signed-in user, every non-public path, since
 * any of them may be a schema resource (one JSON file adds /<name> without a rebuild) and the
 * shell's own not-found page answers the rest. Anonymous visitors on unknown paths get the public
 * not-found page.
 */
export function isProtectedPath(pathname: string, signedIn = false): boolean {
  if (ADMIN_PAGES.has(pathname)) return true;
  if (routeAt(pathname)) return true;
  return signedIn && !PUBLIC.has(pathname);
}
