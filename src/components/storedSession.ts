/**
 * oidc-client-ts keeps the user in localStorage under 'oidc.user:<authority>:<client id>'. Without
 * such an entry nobody is signed in, which pages can tell without downloading the sign-in library.
 * With one, the session may still have expired: the shell's auth check decides.
 */
export function mayHaveSession(): boolean {
  try {
    return Object.keys(window.localStorage).some((key) => key.startsWith('oidc.user:'));
  } catch {
    return true;
  }
}
