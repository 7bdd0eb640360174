import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database';

/** server_secrets row holding the one-time setup token while no host user exists. */
const NAME = 'setup-token';

/**
 * The token of the one-time setup link. Kept in the database so every API worker and node
 * accepts the same one; made once and kept until the host administrator is created with it.
 */
export async function ensureSetupToken(db: Db): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insertInto('server_secrets').values({ name: NAME, value: JSON.stringify({ token }) }).onConflict((oc) => oc.column('name').doNothing()).execute();
  return (await readSetupToken(db)) ?? token;
}

export async function readSetupToken(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', NAME).executeTakeFirst();
  return tokenOf(row?.value);
}

function tokenOf(value: object | undefined): string | undefined {
  const token = (value as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' ? token : undefined;
}

/**
 * Takes the token if `given` is it: locks the row, compares in constant time and deletes it in
 * the caller's transaction, so two requests with the token cannot both pass.
 */
export async function takeSetupToken(trx: Db, given: string): Promise<boolean> {
  const row = await trx.selectFrom('server_secrets').select('value').where('name', '=', NAME).forUpdate().executeTakeFirst();
  const token = tokenOf(row?.value);
  if (!token) return false;
  const expected = Buffer.from(token);
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return false;
  await trx.deleteFrom('server_secrets').where('name', '=', NAME).execute();
  return true;
}

/** Voids the token once a host administrator exists by other means (ADMIN_PASSWORD, an import). */
export async function dropSetupToken(db: Db): Promise<void> {
  await db.deleteFrom('server_secrets').where('name', '=', NAME).execute();
}
