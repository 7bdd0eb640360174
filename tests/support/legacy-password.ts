import { randomBytes, scryptSync } from 'node:crypto';

/**
 * A password hash as Vigil stored it before Argon2id (decision 054): scrypt, N=2^15, r=8, p=1,
 * `scrypt$N$r$p$salt$hash`. The server only reads this format now; tests and bench:sign-in write
 * it to sign in as a user from before the change would.
 */
export function legacyScryptHash(password: string): string {
  const [N, r, p] = [2 ** 15, 8, 1];
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N, r, p, maxmem: 128 * N * r * 2 });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}
