/**
 * Turns what oidc-client-ts throws into the sign-in messages of SPEC section 8. Pure (no
 * oidc-client-ts import: its errors are recognised by their `name` marker), so it stays out of the
 * public pages' first chunk and is unit-tested on its own. Screens translate the English message
 * through src/i18n/authErrors.ts.
 */
export const SIGN_IN_MESSAGES = {
  signInFailed: 'Sign-in failed',
  signOutFailed: 'Sign-out failed',
  renewSilentFailed: 'Renew silent failed',
  stateMismatch: 'State does not match',
  noMatchingState: 'No matching state found in storage',
  missingSubject: 'ID Token is missing a subject claim',
  subjectMismatch: 'subject from UserInfo response does not match subject in ID Token',
  networkTimeout: 'Network timed out',
  iframeTimeout: 'IFrame timed out without a response',
  popupBlocked: 'Popup blocked by user',
} as const;

export type SignInMessage = (typeof SIGN_IN_MESSAGES)[keyof typeof SIGN_IN_MESSAGES];

/** OpenID Connect error codes meaning "nobody is signed in at the issuer", not a failure (SPEC section 4). */
export const ANONYMOUS_ERROR_CODES: readonly string[] = [
  'login_required',
  'consent_required',
  'interaction_required',
  'account_selection_required',
];

/** An error whose message is one of SIGN_IN_MESSAGES; `cause` keeps the original for the console. */
export class SignInError extends Error {
  override readonly name = 'SignInError';
  constructor(
    override readonly message: SignInMessage,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Messages oidc-client-ts itself throws that the SPEC shows as they are. */
const PASS_THROUGH: ReadonlySet<string> = new Set<string>([
  SIGN_IN_MESSAGES.stateMismatch,
  SIGN_IN_MESSAGES.noMatchingState,
  SIGN_IN_MESSAGES.missingSubject,
  SIGN_IN_MESSAGES.subjectMismatch,
  SIGN_IN_MESSAGES.networkTimeout,
  SIGN_IN_MESSAGES.iframeTimeout,
  SIGN_IN_MESSAGES.popupBlocked,
]);

function field(error: unknown, key: string): unknown {
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[key] : undefined;
}

/** True for an oidc-client-ts ErrorResponse carrying one of ANONYMOUS_ERROR_CODES. */
export function isAnonymousSessionError(error: unknown): boolean {
  const code = field(error, 'error');
  return field(error, 'name') === 'ErrorResponse' && typeof code === 'string' && ANONYMOUS_ERROR_CODES.includes(code);
}

/** True for oidc-client-ts's ErrorTimeout (network or iframe timeout). */
export function isTimeoutError(error: unknown): boolean {
  return field(error, 'name') === 'ErrorTimeout';
}

/**
 * The SPEC message for an error from a sign-in step; anything unrecognised becomes `fallback`
 * ('Sign-in failed' unless the caller says otherwise, e.g. 'Sign-out failed').
 */
export function signInMessage(error: unknown, fallback: SignInMessage = SIGN_IN_MESSAGES.signInFailed): SignInMessage {
  if (error instanceof SignInError) return error.message;
  const message = field(error, 'message');
  if (typeof message === 'string' && PASS_THROUGH.has(message)) return message as SignInMessage;
  return fallback;
}

/** Wraps any error into a SignInError with the SPEC message. */
export function toSignInError(error: unknown, fallback: SignInMessage = SIGN_IN_MESSAGES.signInFailed): SignInError {
  return error instanceof SignInError ? error : new SignInError(signInMessage(error, fallback), { cause: error });
}
