import { createHash, randomInt } from 'node:crypto';

/** How many one-time recovery codes a user is given with the authenticator app. */
export const RECOVERY_CODE_COUNT = 10;
/** Letters and digits no one confuses when reading them off paper (no 0/O, 1/l/I). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;

/** A recovery code as shown: two groups of five, e.g. "k7mq2-x9dfp" (about 49 bits). */
export function newRecoveryCode(): string {
  const part = () => Array.from({ length: HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${part()}-${part()}`;
}

/** A code as typed: case, spaces and the dash do not matter; undefined when it cannot be one. */
export function normalizeRecoveryCode(code: string): string | undefined {
  const plain = code.toLowerCase().replace(/[\s-]/g, '');
  return new RegExp(`^[${ALPHABET}]{${HALF * 2}}$`).test(plain) ? plain : undefined;
}

/** Stored hashed with the user's id, so the same code of two users never hashes alike. */
export function hashRecoveryCode(userId: string, normalized: string): string {
  return createHash('sha256').update(`${userId}:${normalized}`).digest('hex');
}

