/**
 * Sign-in cost bench: what the password hash costs a sign-in. In one run, on the embedded database
 * in memory with the demo data:
 *  - the password check alone (hash the format Vigil stores now, then verify it), one at a time
 *    and BENCH_AT_ONCE (8) at once, as sign-ins that arrive together share libuv's 4 threads;
 *  - a whole browser sign-in as the demo carer (authorize, sign-in page, form post, code, token),
 *    one after another: the floor the hash is a share of;
 *  - an old scrypt hash's check, and a first sign-in on one (the check and the rehash to Argon2id).
 * Prints medians and each part's share of a sign-in; not a timed test.
 * Run: npm run bench:sign-in [-- <rounds>]
 */
import { hashPassword, verifyPassword } from '../../server/identity/passwords';
import { legacyScryptHash, signIn, startServer } from '../support/from-tests';
import { percentile } from '../support/measure';
import { DEMO_PASSWORD } from '../../server/seed/demo';

const ROUNDS = Number(process.argv[2] ?? 20);
const AT_ONCE = Number(process.env.BENCH_AT_ONCE ?? 8);

const ms = (v: number) => `${v.toFixed(0)} ms`;
const median = (samples: number[]) => percentile(samples, 50);

async function timed(rounds: number, step: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await step();
    samples.push(performance.now() - started);
  }
  return samples;
}

const stored = await hashPassword(DEMO_PASSWORD);
const format = stored.split('$').filter(Boolean)[0];
const hashOnly = await timed(ROUNDS, () => hashPassword(DEMO_PASSWORD));
const verifyOnly = await timed(ROUNDS, () => verifyPassword(DEMO_PASSWORD, stored));
const burst = await timed(Math.max(3, ROUNDS / 4), () => Promise.all(Array.from({ length: AT_ONCE }, () => verifyPassword(DEMO_PASSWORD, stored))));

// The sign-in limits per address and login are for people; the bench signs in many times from one.
const server = await startServer('', { logLevel: 'silent', signInLimit: { perIp: 100_000, perLogin: 100_000, windowSeconds: 300 } });
try {
  const db = server.database.db;
  const signInOnce = async (login: string) => {
    const attempt = await signIn(server.url, login, DEMO_PASSWORD);
    if (!attempt.tokens) throw new Error(`sign-in as ${login} failed (${attempt.status})`);
  };
  await signInOnce('caregiver'); // warm: the issuer's keys, the pages' templates
  const whole = await timed(ROUNDS, () => signInOnce('caregiver'));

  // A hash in the format before Argon2id, written before each round: the first sign-in after the
  // upgrade (the scrypt check, then the rehash), and the scrypt check alone.
  const old = legacyScryptHash(DEMO_PASSWORD);
  const scryptVerify = await timed(ROUNDS, () => verifyPassword(DEMO_PASSWORD, old));
  const firstAfterUpgrade = await timed(ROUNDS, async () => {
    await db.updateTable('users').set({ password_hash: old }).where('normalized_user_name', '=', 'CAREGIVER').execute();
    await signInOnce('caregiver');
  });

  const signInMs = median(whole);
  console.log(`\nPassword hash stored: ${format} (${stored.split('$').slice(0, -2).join('$')}$…), ${ROUNDS} rounds, PGlite in memory.\n`);
  const rows: [string, string][] = [
    ['hash a password, median', ms(median(hashOnly))],
    ['verify a password, median / p95', `${ms(median(verifyOnly))} / ${ms(percentile(verifyOnly, 95))}`],
    [`verify ${AT_ONCE} at once, median (all done)`, ms(median(burst))],
    ['  checks per second at once', ((AT_ONCE * 1000) / median(burst)).toFixed(1)],
    ['browser sign-in, median / p95', `${ms(signInMs)} / ${ms(percentile(whole, 95))}`],
    ['  verify as a share of a sign-in', `${((median(verifyOnly) / signInMs) * 100).toFixed(0)} %`],
    ['verify an old scrypt hash (N=2^15), median', `${ms(median(scryptVerify))} (${(median(scryptVerify) / median(verifyOnly)).toFixed(2)}x today's)`],
    ['first sign-in on a scrypt hash (verify + rehash), median', `${ms(median(firstAfterUpgrade))} (${(median(firstAfterUpgrade) / signInMs).toFixed(2)}x a sign-in)`],
  ];
  for (const [label, value] of rows) console.log(`${label.padEnd(60)}${value.padStart(24)}`);
} finally {
  await server.stop();
}
