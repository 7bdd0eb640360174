import { describe, expect, it } from 'vitest';
import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import {
  isAnonymousSessionError,
  SIGN_IN_MESSAGES,
  SignInError,
  signInMessage,
  toSignInError,
} from '../../src/providers/signInErrors';

describe('sign-in error mapping (SPEC section 8)', () => {
  it.each([
    'State does not match',
    'No matching state found in storage',
    'ID Token is missing a subject claim',
    'subject from UserInfo response does not match subject in ID Token',
  ])('passes "%s" through', (message) => {
    expect(signInMessage(new Error(message))).toBe(message);
  });

  it('maps oidc-client-ts timeouts to their SPEC messages', () => {
    expect(signInMessage(new ErrorTimeout('Network timed out'))).toBe('Network timed out');
    expect(signInMessage(new ErrorTimeout('IFrame timed out without a response'))).toBe('IFrame timed out without a response');
    expect(signInMessage(new Error('Popup blocked by user'))).toBe('Popup blocked by user');
  });

  it('turns anything else into Sign-in failed, or the fallback the caller names', () => {
    expect(signInMessage(new Error('Bad Request (400): {"error":"invalid_grant"}'))).toBe('Sign-in failed');
    expect(signInMessage(new ErrorResponse({ error: 'access_denied' }))).toBe('Sign-in failed');
    expect(signInMessage('oops')).toBe('Sign-in failed');
    expect(signInMessage(undefined)).toBe('Sign-in failed');
    expect(signInMessage(new Error('No end session endpoint'), SIGN_IN_MESSAGES.signOutFailed)).toBe('Sign-out failed');
    expect(signInMessage(new Error('boom'), SIGN_IN_MESSAGES.renewSilentFailed)).toBe('Renew silent failed');
  });

  it.each(['login_required', 'consent_required', 'interaction_required', 'account_selection_required'])(
    'treats %s as an anonymous session',
    (code) => {
      expect(isAnonymousSessionError(new ErrorResponse({ error: code }))).toBe(true);
    },
  );

  it('does not treat other errors as anonymous', () => {
    expect(isAnonymousSessionError(new ErrorResponse({ error: 'access_denied' }))).toBe(false);
    expect(isAnonymousSessionError(new Error('login_required'))).toBe(false);
    expect(isAnonymousSessionError(null)).toBe(false);
  });

  it('wraps errors once, keeping the original as cause', () => {
    const original = new Error('State does not match');
    const wrapped = toSignInError(original);
    expect(wrapped).toBeInstanceOf(SignInError);
    expect(wrapped.message).toBe('State does not match');
    expect(wrapped.cause).toBe(original);
    expect(toSignInError(wrapped)).toBe(wrapped);
  });
});
