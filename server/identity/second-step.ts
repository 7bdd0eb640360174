import type { Db } from '../db/database';
import { hasAuthenticator } from './authenticator/store';
import { secondFactorRequired } from './second-factor-requirement';
import type { SignInResult } from './sign-in';

/**
 * What follows the right password: 'authenticator' (the app's code, for a user who set it up:
 * instead of a mailed code, also when the login met its account-wide ceiling), 'mail' (a mailed
 * code: the user's own two-factor flag, the ceiling, or a tenant or role that requires a second
 * factor of someone with nothing else), or 'none'.
 */
export type SecondStep = 'authenticator' | 'mail' | 'none';

export async function secondStepFor(db: Db, user: Extract<SignInResult, { ok: true }>): Promise<SecondStep> {
  if (await hasAuthenticator(db, user.userId)) return 'authenticator';
  if (user.twoFactor || user.stepUp) return 'mail';
  return (await secondFactorRequired(db, user.userId, user.tenantId)) ? 'mail' : 'none';
}
