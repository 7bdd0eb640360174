import { describe, expect, it } from 'vitest';
import { returnPathFromState, toSignedInUser } from '../../src/providers/signedInUser';
import { userManagerSettings } from '../../src/providers/userManagerSettings';

const claims = { iss: 'http://h/oidc', aud: 'vigil-web', exp: 2, iat: 1 };

describe('OIDC client settings (SPEC sections 4, 7, 9)', () => {
  const settings = userManagerSettings({ issuer: 'http://h/oidc', scopes: 'openid profile email offline_access Stella' }, 'vigil-web', 'http://app.test');

  it('uses the code flow with this origin as redirect and post-logout target', () => {
    expect(settings).toMatchObject({
      authority: 'http://h/oidc',
      client_id: 'vigil-web',
      response_type: 'code',
      scope: 'openid profile email offline_access Stella',
      redirect_uri: 'http://app.test/',
      post_logout_redirect_uri: 'http://app.test/',
    });
    expect(settings.disablePKCE).toBeUndefined();
  });

  it('has the SPEC timings', () => {
    expect(settings).toMatchObject({
      automaticSilentRenew: true,
      silentRequestTimeoutInSeconds: 10,
      accessTokenExpiringNotificationTimeInSeconds: 60,
      staleStateAgeInSeconds: 900,
      checkSessionIntervalInSeconds: 2,
      popupWindowTarget: '_blank',
    });
    expect(settings.popupWindowFeatures?.height).toBe(640);
    expect(settings.maxSilentRenewTimeoutRetries).toBeUndefined();
  });

  it('revokes the refresh token on sign-out, accepting the empty text/plain answer of oidc-provider', () => {
    expect(settings.revokeTokensOnSignout).toBe(true);
    expect(settings.revokeTokenTypes).toEqual(['refresh_token']);
    expect(settings.revokeTokenAdditionalContentTypes).toContain('text/plain');
  });
});

describe('signed-in user', () => {
  it('takes the display name from the profile claims', () => {
    const user = toSignedInUser({
      access_token: 'at',
      expires_at: 99,
      profile: { ...claims, sub: 'u1', given_name: 'Ada', family_name: 'Lovelace', preferred_username: 'ada', tenantid: 't1', role: 'Plug and Play User' },
    });
    expect(user).toEqual({ sub: 'u1', name: 'Ada Lovelace', userName: 'ada', tenantId: 't1', roles: ['Plug and Play User'], accessToken: 'at', expiresAt: 99 });
    expect(toSignedInUser({ access_token: 'a', profile: { ...claims, sub: 'u2', name: 'Bo', role: ['admin', 'x'] } })).toMatchObject({ name: 'Bo', roles: ['admin', 'x'], tenantId: null });
    expect(toSignedInUser({ access_token: 'a', profile: { ...claims, sub: 'u3' } }).name).toBe('u3');
  });

  it('returns to the stored local path, never off-site or to a public page', () => {
    expect(returnPathFromState({ returnTo: '/citizens/42?tab=2' })).toBe('/citizens/42?tab=2');
    expect(returnPathFromState({ returnTo: 'https://evil.example' })).toBe('/dashboard');
    expect(returnPathFromState({ returnTo: '//evil.example' })).toBe('/dashboard');
    expect(returnPathFromState({ returnTo: '/login' })).toBe('/dashboard');
    expect(returnPathFromState({ returnTo: '/' })).toBe('/dashboard');
    expect(returnPathFromState(undefined)).toBe('/dashboard');
  });
});
