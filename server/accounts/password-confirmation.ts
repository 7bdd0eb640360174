import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { forgiveRateLimitHit, hitRateLimit, tooManyRequests } from '../http/rate-limit';
import { verifyPassword } from '../identity/passwords';
import { invalid, problem } from '../identity/validation';

/** Wrong passwords one user may give before adding a sign-in factor: enough for typos, too few to guess. */
export const WRONG_PASSWORDS_PER_WINDOW = 5;
const WINDOW_SECONDS = 15 * 60;

/**
 * Adding a lasting way in (a passkey, an authenticator app) asks for the current password, so a
 * stolen access token alone cannot add one. Wrong passwords count per user across both routes; the
 * hit is taken before checking (so parallel guesses cannot overrun the limit) and given back when
 * right. Over the limit even the right password is a 429, or the answer would still tell.
 */
export async function confirmPassword(db: Db, request: FastifyRequest, reply: FastifyReply, user: { id: string; password_hash: string }, password: string): Promise<void> {
  const lang = request.language;
  const key = `reauth:user:${user.id}`;
  const hit = await hitRateLimit(db, key, WRONG_PASSWORDS_PER_WINDOW, WINDOW_SECONDS);
  if (!hit.allowed) {
    reply.header('retry-after', String(hit.retryAfter));
    throw tooManyRequests(lang);
  }
  if (!(await verifyPassword(password, user.password_hash))) throw invalid(lang, [problem('password', 'identity.currentPasswordWrong', lang)]);
  await forgiveRateLimitHit(db, key);
}
