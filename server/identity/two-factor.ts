import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database';
import { kickMail, queueMail } from '../mail';
import { translate } from '../localization/texts';

/** How long a mailed sign-in code is valid, and how many wrong codes end the challenge. */
export const CODE_TTL_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;

const hashOf = (uid: string, code: string) => createHash('sha256').update(`${uid}:${code}`).digest('hex');

/**
 * Two-factor sign-in (ABP's user flag 'twoFactorEnabled'): after the right password, a six-digit
 * code is mailed to the user's address and the sign-in finishes only with it. One challenge per
 * sign-in interaction; a new password attempt replaces it.
 */
export async function startChallenge(db: Db, opts: { uid: string; userId: string; email: string; tenantId: string | null; lang: string }): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const minutes = CODE_TTL_MS / 60_000;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('two_factor_challenges').where('interaction_uid', '=', opts.uid).execute();
    await trx
      .insertInto('two_factor_challenges')
      .values({ interaction_uid: opts.uid, user_id: opts.userId, code_hash: hashOf(opts.uid, code), expires_at: new Date(Date.now() + CODE_TTL_MS) })
      .execute();
    await queueMail(trx, {
      to: opts.email,
      tenantId: opts.tenantId,
      subject: translate('account:twoFactor.mailSubject', opts.lang),
      text: translate('account:twoFactor.mailBody', opts.lang, { code, minutes }),
    });
  });
  kickMail();
}

export type ChallengeResult = { ok: true; userId: string } | { ok: false; reason: 'missing' | 'expired' | 'wrong' | 'exhausted' };

/** Checks a code against the interaction's challenge; the challenge is used up by success or by too many wrong codes. */
export async function verifyChallenge(db: Db, uid: string, code: string): Promise<ChallengeResult> {
  return db.transaction().execute(async (trx) => {
    const challenge = await trx.selectFrom('two_factor_challenges').selectAll().where('interaction_uid', '=', uid).forUpdate().executeTakeFirst();
    if (!challenge) return { ok: false, reason: 'missing' };
    if (challenge.expires_at.getTime() < Date.now()) {
      await trx.deleteFrom('two_factor_challenges').where('interaction_uid', '=', uid).execute();
      return { ok: false, reason: 'expired' };
    }
    const given = Buffer.from(hashOf(uid, code.replace(/\s/g, '')));
    if (given.length === challenge.code_hash.length && timingSafeEqual(given, Buffer.from(challenge.code_hash))) {
      await trx.deleteFrom('two_factor_challenges').where('interaction_uid', '=', uid).execute();
      return { ok: true, userId: challenge.user_id };
    }
    const attempts = challenge.attempts + 1;
    if (attempts >= MAX_CODE_ATTEMPTS) {
      await trx.deleteFrom('two_factor_challenges').where('interaction_uid', '=', uid).execute();
      return { ok: false, reason: 'exhausted' };
    }
    await trx.updateTable('two_factor_challenges').set({ attempts }).where('interaction_uid', '=', uid).execute();
    return { ok: false, reason: 'wrong' };
  });
}

/** Challenges past their time (swept with the issuer's other expired state). */
export async function sweepChallenges(db: Db): Promise<void> {
  await db.deleteFrom('two_factor_challenges').where('expires_at', '<', new Date()).execute();
  await db.deleteFrom('external_signin_states').where('expires_at', '<', new Date()).execute();
}
