/**
 * Sign-in errors (SPEC section 8). The sign-in code rejects with an Error whose message is the
 * English text; screens translate it through these keys (translation namespace, auth.errors.*).
 */
export const AUTH_ERROR_KEYS: Readonly<Record<string, string>> = {
  'Sign-in failed': 'auth.errors.signInFailed',
  'Sign-out failed': 'auth.errors.signOutFailed',
  'Renew silent failed': 'auth.errors.renewSilentFailed',
  'State does not match': 'auth.errors.stateMismatch',
  'No matching state found in storage': 'auth.errors.noMatchingState',
  'ID Token is missing a subject claim': 'auth.errors.missingSubject',
  'subject from UserInfo response does not match subject in ID Token': 'auth.errors.subjectMismatch',
  'Network timed out': 'auth.errors.networkTimeout',
  'IFrame timed out without a response': 'auth.errors.iframeTimeout',
  'Popup blocked by user': 'auth.errors.popupBlocked',
};

/** The translation key for a sign-in error; an unknown error gets `fallback`. */
export function authErrorKey(error: unknown, fallback = 'errors.unknown'): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return AUTH_ERROR_KEYS[message] ?? fallback;
}
