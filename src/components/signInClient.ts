import type * as UserManagerModule from '../providers/userManager';

/**
 * The public pages' door to sign-in. The sign-in code (src/providers/userManager and, through it,
 * oidc-client-ts) loads only when a page needs it: a visitor who just reads the home page never
 * downloads it, which keeps '/' within its bundle budget.
 */
const load = (): Promise<typeof UserManagerModule> => import('../providers/userManager');

export async function signIn(returnTo?: string): Promise<void> {
  return (await load()).signIn(returnTo);
}

export async function completeSignIn(): Promise<string> {
  return (await load()).completeSignIn();
}

export async function isSignInCallback(url: URL): Promise<boolean> {
  return (await load()).isSignInCallback(url);
}

export async function getSignedInUser(): Promise<{ name: string } | null> {
  return (await load()).getSignedInUser();
}
