import type { Db } from '../../db/database';
import { CODE_TTL_MS, MAX_CODE_ATTEMPTS } from '../two-factor';
import { acceptCode } from './store';

/**
 * The sign-in step after the right password for a user with the authenticator app: one challenge
 * per sign-in interaction (table authenticator_challenges), good for as long as a mailed code and
 * ended, like it, by MAX_CODE_ATTEMPTS wrong codes.
 */
export async function startAuthenticatorChallenge(db: Db, uid: string, userId: string): Promise<void> {
  const expires = new Date(Date.now() + CODE_TTL_MS);
  await db
    .insertInto('authenticator_challenges')
    .values({ interaction_uid: uid, user_id: userId, expires_at: expires })
    .onConflict((oc) => oc.column('interaction_uid').doUpdateSet({ user_id: userId, attempts: 0, expires_at: expires }))
    .execute();
  // Sign-ins never finished go now and then (idempotent on every node).
  if (Math.random() < 0.02) await db.deleteFrom('authenticator_challenges').where('expires_at', '<', new Date()).execute();
}

export type AuthenticatorResult =
  | { ok: true; userId: string; method: 'app' | 'recovery' }
  | { ok: false; reason: 'missing' | 'expired' | 'wrong' | 'exhausted'; userId?: string };

/** Checks a code (the app's or a recovery code) in the interaction's challenge; success or too many wrong codes end it. */
export async function verifyAuthenticatorChallenge(db: Db, uid: string, code: string): Promise<AuthenticatorResult> {
  return db.transaction().execute(async (trx) => {
    const challenge = await trx.selectFrom('authenticator_challenges').selectAll().where('interaction_uid', '=', uid).forUpdate().executeTakeFirst();
    if (!challenge) return { ok: false, reason: 'missing' };
    const userId = challenge.user_id;
    const end = () => trx.deleteFrom('authenticator_challenges').where('interaction_uid', '=', uid).execute();
    if (challenge.expires_at.getTime() < Date.now()) {
      await end();
      return { ok: false, reason: 'expired', userId };
    }
    const method = await acceptCode(trx, userId, code);
    if (method) {
      await end();
      return { ok: true, userId, method };
    }
    const attempts = challenge.attempts + 1;
    if (attempts >= MAX_CODE_ATTEMPTS) {
      await end();
      return { ok: false, reason: 'exhausted', userId };
    }
    await trx.updateTable('authenticator_challenges').set({ attempts }).where('interaction_uid', '=', uid).execute();
    return { ok: false, reason: 'wrong', userId };
  });
}

/** Whether an interaction waits for an app code (the code form posts there). */
export async function authenticatorChallengeUser(db: Db, uid: string): Promise<string | undefined> {
  const row = await db.selectFrom('authenticator_challenges').select('user_id').where('interaction_uid', '=', uid).executeTakeFirst();
  return row?.user_id;
}
