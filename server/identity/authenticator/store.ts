import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { hashRecoveryCode, newRecoveryCode, normalizeRecoveryCode, RECOVERY_CODE_COUNT } from './recovery-codes';
import { newSecret, stepOf } from './totp';

/**
 * A user's authenticator app (table user_authenticators) and recovery codes (user_recovery_codes):
 * set up (a secret, not yet on), confirmed with a first code (on, with ten recovery codes), turned
 * off. A code is taken once: an app code of a time step no later than the last one taken is refused
 * (RFC 6238 section 5.2), a recovery code is used up.
 */
export interface AuthenticatorStatus {
  isEnabled: boolean;
  enabledTime: string | null;
  recoveryCodesLeft: number;
}

export async function authenticatorStatus(db: Db, userId: string): Promise<AuthenticatorStatus> {
  const [row, left] = await Promise.all([
    db.selectFrom('user_authenticators').select('enabled_at').where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('user_recovery_codes').select((eb) => eb.fn.countAll<string>().as('count')).where('user_id', '=', userId).where('used_at', 'is', null).executeTakeFirstOrThrow(),
  ]);
  const enabled = row?.enabled_at ?? null;
  return { isEnabled: enabled !== null, enabledTime: enabled ? new Date(enabled).toISOString() : null, recoveryCodesLeft: enabled ? Number(left.count) : 0 };
}

/** Whether the user signs in with the app's code (it is set up and confirmed). */
export async function hasAuthenticator(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('user_authenticators').select('user_id').where('user_id', '=', userId).where('enabled_at', 'is not', null).executeTakeFirst();
  return row !== undefined;
}

/** Begins setting the app up: a new secret (replacing one not confirmed); undefined when the app is on already. */
export async function beginSetup(db: Db, user: { id: string; tenantId: string | null }): Promise<string | undefined> {
  const secret = newSecret();
  const row = await db
    .insertInto('user_authenticators')
    .values({ user_id: user.id, tenant_id: user.tenantId, secret })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, last_used_step: null }).where('user_authenticators.enabled_at', 'is', null))
    .returning('secret')
    .executeTakeFirst();
  return row?.secret;
}

async function replaceRecoveryCodes(trx: Db, user: { id: string; tenantId: string | null }): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await trx.deleteFrom('user_recovery_codes').where('user_id', '=', user.id).execute();
  await trx
    .insertInto('user_recovery_codes')
    .values(codes.map((code) => ({ id: randomUUID(), user_id: user.id, tenant_id: user.tenantId, code_hash: hashRecoveryCode(user.id, normalizeRecoveryCode(code)!) })))
    .execute();
  return codes;
}

export type ConfirmResult = { ok: true; recoveryCodes: string[] } | { ok: false; reason: 'missing' | 'wrong' };

/** Confirms the app with its first code: it is on, and the user gets ten recovery codes (shown once). */
export async function confirmSetup(db: Db, user: { id: string; tenantId: string | null }, code: string): Promise<ConfirmResult> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('user_authenticators').select('secret').where('user_id', '=', user.id).where('enabled_at', 'is', null).forUpdate().executeTakeFirst();
    if (!row) return { ok: false, reason: 'missing' };
    const step = stepOf(row.secret, code);
    if (step === undefined) return { ok: false, reason: 'wrong' };
    await trx.updateTable('user_authenticators').set({ enabled_at: new Date(), last_used_step: step }).where('user_id', '=', user.id).execute();
    return { ok: true, recoveryCodes: await replaceRecoveryCodes(trx, user) };
  });
}

/** New recovery codes for a user whose app is on (the old ones stop working). */
export async function renewRecoveryCodes(db: Db, user: { id: string; tenantId: string | null }): Promise<string[]> {
  return db.transaction().execute((trx) => replaceRecoveryCodes(trx, user));
}

/** Turns the app off: its secret and the recovery codes go. */
export async function turnOff(db: Db, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
    const gone = await trx.deleteFrom('user_authenticators').where('user_id', '=', userId).returning('user_id').executeTakeFirst();
    return gone !== undefined;
  });
}

/**
 * Takes a code of a user whose app is on: the app's current code (each time step once: a code
 * already taken, or an older one, is refused) or an unused recovery code (used up by this).
 */
export async function acceptCode(db: Db, userId: string, code: string): Promise<'app' | 'recovery' | undefined> {
  const row = await db.selectFrom('user_authenticators').select('secret').where('user_id', '=', userId).where('enabled_at', 'is not', null).executeTakeFirst();
  if (!row) return undefined;
  const step = stepOf(row.secret, code);
  if (step !== undefined) {
    // One statement, so two nodes given the same code at once take it once.
    const taken = await db
      .updateTable('user_authenticators')
      .set({ last_used_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
      .returning('user_id')
      .executeTakeFirst();
    return taken ? 'app' : undefined;
  }
  const recovery = normalizeRecoveryCode(code);
  if (!recovery) return undefined;
  const used = await db
    .updateTable('user_recovery_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashRecoveryCode(userId, recovery))
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return used ? 'recovery' : undefined;
}
