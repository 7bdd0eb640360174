import type { User, UserManager } from 'oidc-client-ts';
import { requestLanguage } from '../../common/languages';
import { clientIdFor, dpopEnabled, loadRuntimeConfig } from '../config/runtime';
import { userManagerSettings } from './userManagerSettings';
import { returnPathFromState, toSignedInUser, type SignedInUser } from './signedInUser';
import {
  isAnonymousSessionError,
  SIGN_IN_MESSAGES,
  signInMessage,
  toSignInError,
  type SignInMessage,
} from './signInErrors';

export type { SignedInUser };

/**
 * Sign-in through the OpenID Connect issuer with oidc-client-ts. One UserManager per page, made on
 * first use from the runtime configuration; oidc-client-ts itself is loaded on demand so the
 * public pages' first chunk does not carry it. The user is kept in localStorage, so a reload (or a
 * second tab) keeps the session; its DPoP key pair, when the deployment binds tokens, in IndexedDB.
 */
let manager: Promise<UserManager> | undefined;

export function getUserManager(): Promise<UserManager> {
  if (manager) return manager;
  const created = (async () => {
    const [{ UserManager, WebStorageStateStore, IndexedDbDPoPStore }, config] = await Promise.all([import('oidc-client-ts'), loadRuntimeConfig()]);
    const dpopStore = dpopEnabled(config) ? new IndexedDbDPoPStore() : undefined;
    const userManager = new UserManager({
      ...userManagerSettings(config, clientIdFor(config), window.location.origin, dpopStore),
      userStore: new WebStorageStateStore({ store: window.localStorage }),
    });
    // Sign-in states older than staleStateAgeInSeconds (abandoned sign-ins) are removed.
    void userManager.clearStaleState().catch(() => undefined);
    return userManager;
  })();
  // A failed start (config or chunk not loadable) must not stick: the next call tries again.
  created.catch(() => {
    if (manager === created) manager = undefined;
  });
  manager = created;
  return created;
}

const uiLocale = (): string => requestLanguage(localStorage.getItem('i18nextLng'), navigator.language);

/** Redirects to the issuer's sign-in page; `returnTo` travels in the OIDC state. */
export async function signIn(returnTo?: string): Promise<void> {
  try {
    const userManager = await getUserManager();
    await userManager.signinRedirect({ state: { returnTo }, ui_locales: uiLocale() });
  } catch (error) {
    throw toSignInError(error);
  }
}

/** True when `url` is the issuer's answer to a sign-in (a code or an error, with the state). */
export function isSignInCallback(url: URL): boolean {
  const params = url.searchParams;
  return params.has('state') && (params.has('code') || params.has('error'));
}

/**
 * Finishes the sign-in the current URL answers and returns the path to open next (the stored
 * returnTo, else /dashboard). An issuer answer meaning "nobody is signed in" (login_required and
 * the like) is an anonymous session, not a failure: it leads to '/'. Other failures reject with a
 * SignInError carrying the SPEC message. The caller replaces the URL (SPEC section 4).
 */
export async function completeSignIn(): Promise<string> {
  const userManager = await getUserManager().catch((error: unknown) => {
    throw toSignInError(error);
  });
  try {
    const user = await userManager.signinCallback(window.location.href);
    // Silent (iframe) and popup callbacks hand the result to the opener and return nothing.
    return user ? returnPathFromState(user.state) : '/';
  } catch (error) {
    if (isAnonymousSessionError(error)) {
      await userManager.removeUser().catch(() => undefined);
      return '/';
    }
    throw toSignInError(error);
  }
}

/**
 * Ends the session at the issuer (end-session redirect with id_token_hint; the refresh token is
 * revoked first). If that cannot start, the local session is still removed, so the person is
 * signed out of this browser, and the call rejects with 'Sign-out failed'.
 */
export async function signOut(): Promise<void> {
  const userManager = await getUserManager().catch((error: unknown) => {
    throw toSignInError(error, SIGN_IN_MESSAGES.signOutFailed);
  });
  try {
    await userManager.signoutRedirect();
  } catch (error) {
    await userManager.removeUser().catch(() => undefined);
    throw toSignInError(error, SIGN_IN_MESSAGES.signOutFailed);
  }
}

/** Forgets the session in this browser only (expired session, 401 from the API). */
export async function removeLocalSession(): Promise<void> {
  const userManager = await getUserManager();
  await userManager.removeUser();
}

let renewing: Promise<User | null> | undefined;

/** One refresh at a time, however many callers find the token expired together. */
function renewOnce(userManager: UserManager): Promise<User | null> {
  renewing ??= userManager
    .signinSilent()
    .catch(() => null)
    .finally(() => {
      renewing = undefined;
    });
  return renewing;
}

/**
 * The oidc-client-ts user whose access token may be sent, or null. Signed in means a user exists
 * and its access token has not expired (SPEC section 4); an expired one with a refresh token is
 * refreshed once first.
 */
export async function getValidUser(): Promise<User | null> {
  const userManager = await getUserManager();
  let user = await userManager.getUser();
  if (user?.expired && user.refresh_token) user = await renewOnce(userManager);
  return user && !user.expired ? user : null;
}

export async function getSignedInUser(): Promise<SignedInUser | null> {
  const user = await getValidUser();
  return user ? toSignedInUser(user) : null;
}

/**
 * A DPoP proof of `user`'s key for one request (`htu` without query or fragment); it carries `ath`,
 * the hash of the access token. Undefined when there is no key (DPoP off, or the key was removed).
 */
export async function dpopProof(user: User, method: string, htu: string, nonce?: string): Promise<string | undefined> {
  const userManager = await getUserManager();
  return userManager.dpopProof(htu, user, method, nonce);
}

/** Subscribes once the manager exists; the returned function unsubscribes, before or after that. */
function subscribe(register: (userManager: UserManager) => () => void): () => void {
  let off: (() => void) | undefined;
  let active = true;
  getUserManager().then(
    (userManager) => {
      if (active) off = register(userManager);
    },
    () => undefined,
  );
  return () => {
    active = false;
    off?.();
  };
}

/** How long after the expiring event a silent renewal may take before the user is told (it usually takes a second or two). */
export const RENEWAL_GRACE_MS = 20_000;

/**
 * Fires when the access token is about to expire (accessTokenExpiringNotificationTimeInSeconds, 60 s
 * before) and no silent renewal replaced it within `graceMs`: the same event starts the renewal,
 * so telling the user at once announced an expiry just as the session was being renewed.
 */
export function onAccessTokenExpiringUnrenewed(callback: () => void, graceMs = RENEWAL_GRACE_MS): () => void {
  return subscribe((m) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offExpiring = m.events.addAccessTokenExpiring(() => {
      clearTimeout(timer);
      timer = setTimeout(callback, graceMs);
    });
    const offLoaded = m.events.addUserLoaded(() => clearTimeout(timer));
    const offUnloaded = m.events.addUserUnloaded(() => clearTimeout(timer));
    return () => {
      clearTimeout(timer);
      offExpiring();
      offLoaded();
      offUnloaded();
    };
  });
}

/**
 * A silent renewal failed for a reason other than a timeout (timeouts are retried every 5 s).
 * `anonymous` is true when the issuer says the session there has ended.
 */
export function onSilentRenewError(callback: (message: SignInMessage, anonymous: boolean) => void): () => void {
  return subscribe((m) =>
    m.events.addSilentRenewError((error) =>
      callback(signInMessage(error, SIGN_IN_MESSAGES.renewSilentFailed), isAnonymousSessionError(error)),
    ),
  );
}

/** The user signed out at the issuer (seen by the session monitor where the issuer supports it). */
export function onSignedOutAtIssuer(callback: () => void): () => void {
  return subscribe((m) => m.events.addUserSignedOut(callback));
}

/**
 * The stored user changed: `sub` after a sign-in or token renewal, null after sign-out or
 * removal. Caches keyed by user listen to this.
 */
export function onUserChanged(callback: (sub: string | null) => void): () => void {
  return subscribe((m) => {
    const offLoaded = m.events.addUserLoaded((user) => callback(user.profile.sub));
    const offUnloaded = m.events.addUserUnloaded(() => callback(null));
    return () => {
      offLoaded();
      offUnloaded();
    };
  });
}
