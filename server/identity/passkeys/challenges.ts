import type { Db } from '../../db/database';

/** How long a passkey ceremony may take (the browser's own timeout is a minute). */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** The key of a registration (one at a time per user) and of a sign-in (one per sign-in interaction). */
export const registrationKey = (userId: string) => `register:${userId}`;
export const signInKey = (interactionUid: string) => `signin:${interactionUid}`;

/** Keeps the challenge of a ceremony just begun, replacing any earlier one under the same key. */
export async function keepChallenge(db: Db, key: string, challenge: string): Promise<void> {
  const expires = new Date(Date.now() + CHALLENGE_TTL_MS);
  await db
    .insertInto('webauthn_challenges')
    .values({ key, challenge, expires_at: expires })
    .onConflict((oc) => oc.column('key').doUpdateSet({ challenge, expires_at: expires }))
    .execute();
  // Ceremonies never finished go now and then (every node may do it; it is idempotent).
  if (Math.random() < 0.02) await db.deleteFrom('webauthn_challenges').where('expires_at', '<', new Date()).execute();
}

/** Takes the challenge under a key: good once, whatever the answer then is; undefined when none is live. */
export async function takeChallenge(db: Db, key: string): Promise<string | undefined> {
  const row = await db.deleteFrom('webauthn_challenges').where('key', '=', key).returning(['challenge', 'expires_at']).executeTakeFirst();
  return row && row.expires_at.getTime() > Date.now() ? row.challenge : undefined;
}
