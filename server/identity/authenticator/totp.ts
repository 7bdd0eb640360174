import { Secret, TOTP } from 'otpauth';

/**
 * Authenticator-app codes (TOTP, RFC 6238) as every common app reads them: SHA-1, six digits, a
 * new code every 30 seconds, a 160-bit secret (RFC 4226 section 4 recommends it).
 */
export const ISSUER = 'Vigil';
const PERIOD = 30;
const DIGITS = 6;
/** Codes one step before or after now are taken too (a clock a little off, a code typed as it turned). */
const WINDOW = 1;

export function newSecret(): string {
  return new Secret({ size: 20 }).base32;
}

const totpOf = (secret: string, label = '') => new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secret) });

/** The otpauth:// URI the app scans (Key Uri Format): issuer, the user's name, the secret. */
export function otpauthUri(secret: string, accountName: string): string {
  return totpOf(secret, accountName).toString();
}

/** Six digits, with the spaces or dashes some apps show in the middle taken out; undefined when it is no such code. */
export function normalizeCode(code: string): string | undefined {
  const digits = code.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
}

/** The time step a code belongs to (within the window around `now`), or undefined when it is none of them. */
export function stepOf(secret: string, code: string, now = Date.now()): number | undefined {
  const token = normalizeCode(code);
  if (!token) return undefined;
  const delta = TOTP.validate({ token, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: DIGITS, period: PERIOD, timestamp: now, window: WINDOW });
  return delta === null ? undefined : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}
