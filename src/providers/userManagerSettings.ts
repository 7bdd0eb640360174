import type { UserManagerSettings } from 'oidc-client-ts';
import type { RuntimeConfig } from '../../common/runtime-config';

/** Where oidc-client-ts keeps the DPoP key pair (IndexedDbDPoPStore in the browser). */
export type DPoPKeyStore = NonNullable<UserManagerSettings['dpop']>['store'];

/**
 * The oidc-client-ts settings Vigil signs in with (SPEC sections 4, 7 and 9). Pure, so the
 * numbers are checked by a unit test; the browser-only userStore is added by userManager.ts.
 *
 * - Authorization code with PKCE S256 (oidc-client-ts's default for response_type 'code'), public
 *   client; redirect, post-logout and silent redirect all go to this origin's root, where the
 *   public home page finishes callbacks.
 * - Silent renew: automatic; oidc-client-ts's SilentRenewService already retries 5 s after an
 *   ErrorTimeout and raises silentRenewError for anything else, which is what SPEC section 4 asks.
 *   maxSilentRenewTimeoutRetries stays unset (retry for as long as it times out).
 * - loadUserInfo is off: the issuer hands out JWT access tokens for the API resource, and
 *   oidc-provider refuses audience-bound tokens at userinfo ("token audience prevents accessing
 *   the userinfo endpoint"). Its ID token carries the profile claims (conformIdTokenClaims false)
 *   and the identity shown comes from /api/app/user-overviews/current anyway.
 * - monitorSession with a 2 s interval: oidc-provider 9 has no check_session_iframe (session
 *   management was dropped) and sends no session_state, so against it the monitor stays idle;
 *   an issuer that offers it gets the SPEC's check every 2 s.
 * - Sign-out revokes the refresh token only: JWT access tokens cannot be revoked by the issuer.
 *   oidc-provider answers revocation with an empty text/plain body, which oidc-client-ts refuses
 *   unless that content type is allowed.
 * - Renewal asks for the scopes signed in with but offline_access: the refresh token itself is the
 *   offline access, and the issuer still gives one (and names offline_access) without it being asked.
 *   Refresh tokens made before the issuer put offline_access into them do not carry it, and
 *   oidc-provider refuses a refresh asking for more ("refresh token missing requested scope").
 * - DPoP (RFC 9449) when a key store is given: the code, and so the access and refresh tokens, are
 *   bound to a non-extractable key pair (`dpop_jkt` on the authorization request, a proof on every
 *   token request, renewals included); UserManager.removeUser, and so sign-out, deletes the key.
 */
export function userManagerSettings(
  config: Pick<RuntimeConfig, 'issuer' | 'scopes'>,
  clientId: string,
  origin: string,
  dpopStore?: DPoPKeyStore,
): UserManagerSettings {
  const root = `${origin}/`;
  return {
    authority: config.issuer,
    client_id: clientId,
    redirect_uri: root,
    post_logout_redirect_uri: root,
    silent_redirect_uri: root,
    response_type: 'code',
    scope: config.scopes,
    loadUserInfo: false,
    automaticSilentRenew: true,
    silentRequestTimeoutInSeconds: 10,
    accessTokenExpiringNotificationTimeInSeconds: 60,
    staleStateAgeInSeconds: 900,
    monitorSession: true,
    checkSessionIntervalInSeconds: 2,
    popupWindowFeatures: { location: false, menubar: false, height: 640 },
    popupWindowTarget: '_blank',
    revokeTokensOnSignout: true,
    revokeTokenTypes: ['refresh_token'],
    revokeTokenAdditionalContentTypes: ['text/plain'],
    refreshTokenAllowedScope: config.scopes
      .split(' ')
      .filter((scope) => scope && scope !== 'offline_access')
      .join(' '),
    ...(dpopStore ? { dpop: { bind_authorization_code: true, store: dpopStore } } : {}),
  };
}
