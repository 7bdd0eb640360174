import { NAVIGATION } from '../../common/navigation';

/** react-admin's own page for a denied canAccess check. */
const ACCESS_DENIED = '/accessDenied';

/** True for the protected layout's screens (and their sub-pages, e.g. /citizens/42): the react-admin shell renders them. */
export function isProtectedPath(pathname: string): boolean {
  if (pathname === ACCESS_DENIED) return true;
  return NAVIGATION.some(({ path }) => pathname === path || pathname.startsWith(`${path}/`));
}
