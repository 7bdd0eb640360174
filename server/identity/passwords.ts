import { argon2 as argon2Cb, randomBytes, scrypt as scryptCb, timingSafeEqual, type Argon2Parameters, type ScryptOptions } from 'node:crypto';

/**
 * Password hashes. New ones are Argon2id with OWASP's parameters (Password Storage Cheat Sheet:
 * 19 MiB, 2 passes, 1 lane), stored as a PHC string that names its algorithm and parameters:
 * `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` (base64 without padding). Hashes written before
 * (`scrypt$N$r$p$salt$hash`, N=2^15) still verify, and a sign-in replaces them (needsRehash).
 * Why and what it costs: docs/decisions/054-passwords-hashed-with-argon2id.md.
 */
export const ARGON2ID = { memory: 19 * 1024, passes: 2, parallelism: 1 } as const;
const ARGON2_VERSION = 19;
const SALT_BYTES = 16;
const TAG_BYTES = 32;

function argon2id(password: string, salt: Buffer, params: Omit<Argon2Parameters, 'message' | 'nonce'>): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    argon2Cb('argon2id', { message: password.normalize('NFKC'), nonce: salt, ...params }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scryptCb(password.normalize('NFKC'), salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));
}

const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');
const same = (a: Buffer, b: Buffer) => a.length === b.length && a.length > 0 && timingSafeEqual(a, b);

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const tag = await argon2id(password, salt, { ...ARGON2ID, tagLength: TAG_BYTES });
  return `$argon2id$v=${ARGON2_VERSION}$m=${ARGON2ID.memory},t=${ARGON2ID.passes},p=${ARGON2ID.parallelism}$${b64(salt)}$${b64(tag)}`;
}

/** The parameters a stored hash names; bounded, so a tampered row cannot ask for gigabytes or hours. */
const PHC = /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]{11,})\$([A-Za-z0-9+/]{22,})$/;
const MAX_MEMORY_KIB = 1024 * 1024;

async function verifyArgon2id(password: string, stored: string): Promise<boolean> {
  const m = PHC.exec(stored);
  if (!m) return false;
  const [memory, passes, parallelism] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (memory > MAX_MEMORY_KIB || memory < 8 * parallelism || passes < 1 || parallelism < 1) return false;
  const expected = Buffer.from(m[5]!, 'base64');
  const actual = await argon2id(password, Buffer.from(m[4]!, 'base64'), { memory, passes, parallelism, tagLength: expected.length });
  return same(actual, expected);
}

/** scrypt as Vigil stored it before Argon2id: `scrypt$N$r$p$salt$hash`, parameters in the hash. */
const scryptOptions = (n: number, r: number, p: number): ScryptOptions => ({ N: n, r, p, maxmem: 128 * n * r * 2 });

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, hash] = stored.split('$');
  if (!n || !r || !p || !salt || !hash) return false;
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  // Only what Vigil wrote: a power of two up to 2^17, r and p small.
  if (!Number.isInteger(Math.log2(N)) || N > 2 ** 17 || !(R >= 1 && R <= 16) || !(P >= 1 && P <= 4)) return false;
  const expected = Buffer.from(hash, 'base64');
  return same(await scrypt(password, Buffer.from(salt, 'base64'), expected.length, scryptOptions(N, R, P)), expected);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  try {
    if (stored.startsWith('$argon2id$')) return await verifyArgon2id(password, stored);
    if (stored.startsWith('scrypt$')) return await verifyScrypt(password, stored);
  } catch {
    // A stored hash the crypto library refuses verifies nothing; it is not the caller's error.
  }
  return false;
}

/** Whether a hash that just verified should be replaced by one with today's algorithm and parameters. */
export function needsRehash(stored: string): boolean {
  const m = PHC.exec(stored);
  return !m || Number(m[1]) < ARGON2ID.memory || Number(m[2]) < ARGON2ID.passes;
}

/** A hash of a random password: spent on unknown user names so timing does not reveal them. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
