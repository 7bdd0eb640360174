import { NAVIGATION } from '../../common/navigation';

/** react-admin's own pages for a denied canAccess check and a failed authentication check. */
const ADMIN_PAGES = new Set(['/access-denied', '/accessDenied', '/authentication-error']);

/** True for the protected layout's screens (and their sub-pages, e.g. /citizens/42): the react-admin shell renders them. */
export function isProtectedPath(pathname: string): boolean {
  if (ADMIN_PAGES.has(pathname)) return true;
  return NAVIGATION.some(({ path }) => pathname === path || pathname.startsWith(`${path}/`));
}
