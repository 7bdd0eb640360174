/**
 * The public sign-in page with the path to come back to, as an absolute URL: react-admin then
 * loads it as a new page instead of navigating inside the app. A client-side navigation would be
 * a router transition that waits for the lazy /login chunk while the shell, its store just reset,
 * checks the session again and logs out again, pushing /login onto the history many times.
 */
export function signInPageUrl(location: Pick<Location, 'origin' | 'pathname' | 'search'> = window.location): string {
  return `${location.origin}/login?returnTo=${encodeURIComponent(location.pathname + location.search)}`;
}
