import { createHash, randomBytes } from 'node:crypto';
import { forbidden, notFound, type AbpError } from '../http/errors';
import { translate } from '../localization/texts';

/** How long a mailed link works. */
export const REGISTRATION_TOKEN_HOURS = 48;
export const TRANSFER_TOKEN_HOURS = 7 * 24;
/**
 * A password reset link works for an hour: long enough for a mail that arrives late, short enough
 * that a link left in an inbox, a forwarded mail or a mail archive is soon worth nothing (it
 * opens the account to whoever holds it, without any other proof).
 */
export const PASSWORD_RESET_TOKEN_MINUTES = 60;

/** 256 random bits for the link; only the SHA-256 is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3600_000);

export type LinkKind = 'registration' | 'transfer' | 'passwordReset';

/** Unknown (or replaced by a newer link): 404 with the kind's own message. */
export const unknownLink = (kind: LinkKind, lang: string) => notFound(translate(`profile:${kind}.linkInvalid`, lang), 'Vigil:LinkInvalid');

/**
 * Why a link found in the database may not be used any more (used first: its account is active
 * or its transfer done, which is what the person needs to hear), or undefined when it still works.
 */
export function linkRefusal(kind: LinkKind, link: { used: boolean; expires_time: Date }, lang: string): AbpError | undefined {
  if (link.used) return forbidden(translate(`profile:${kind}.linkUsed`, lang), 'Vigil:LinkUsed');
  if (new Date(link.expires_time).getTime() <= Date.now()) return forbidden(translate(`profile:${kind}.linkExpired`, lang), 'Vigil:LinkExpired');
  return undefined;
}
