import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import type { AbpError } from './errors';
import { hitRateLimit, tooManyRequests } from './rate-limit';

/**
 * Limits of every route that sends mail (docs/decisions/027-mail-abuse.md), kept in the database's
 * rate_limits table (fixed windows), so they hold across API nodes and restarts. One budget per
 * client address and one per target address, shared by all mail-sending routes: a stranger can
 * neither flood one inbox nor use Vigil to mail many inboxes.
 */
export const MAIL_LIMITS = {
  /** Mail-sending requests per target email address per window. */
  perEmail: 5,
  /** Mail-sending requests per client address (request.ip) per window. */
  perAddress: 20,
  windowSeconds: 60 * 60,
} as const;

/** 429 in ABP's shape with Retry-After, in the caller's language. */
export function tooManyMails(reply: FastifyReply, retryAfter: number, lang: string): AbpError {
  reply.header('retry-after', String(retryAfter));
  return tooManyRequests(lang);
}

/**
 * Counts one mail-sending request against the caller's address and each target address (already
 * checked to look like an email), and throws 429 when any budget is spent. Call it before looking
 * anything up, so the limit is counted (and answers) the same whether or not an account exists.
 */
/** One budget per mailbox, however its address is cased or padded. */
const mailbox = (address: string) => address.trim().toUpperCase();

export async function limitMail(db: Db, request: FastifyRequest, reply: FastifyReply, targets: readonly string[]): Promise<void> {
  const keys: [string, number][] = [
    [`mail:ip:${request.ip}`, MAIL_LIMITS.perAddress],
    ...[...new Set(targets.map(mailbox))].map((t): [string, number] => [`mail:to:${t}`, MAIL_LIMITS.perEmail]),
  ];
  for (const [key, limit] of keys) {
    const hit = await hitRateLimit(db, key, limit, MAIL_LIMITS.windowSeconds);
    if (!hit.allowed) throw tooManyMails(reply, hit.retryAfter, request.language);
  }
}
