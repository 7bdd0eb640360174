import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { isLoopback, type Config } from '../config';
import { verifyPassword } from '../identity/passwords';
import { normalize } from '../identity/user-records';
import { DEMO_PASSWORD, DEMO_USERS } from './demo';

/** Demo accounts may be used on loopback, or anywhere by the explicit choice DEMO=true. */
export function demoAllowed(config: Pick<Config, 'demo' | 'host'>): boolean {
  return config.demo || isLoopback(config.host);
}

/**
 * A data folder seeded on loopback may later be served on a reachable address. At every start the
 * demo accounts that still have the published password are made inactive (sign-in refuses them,
 * their sessions and tokens are revoked) when demo is not allowed, and active again when it is.
 * An account whose password was changed is a real account now and is left alone either way.
 * Returns the user names it turned off.
 */
export async function guardDemoAccounts(db: Db, allowed: boolean): Promise<string[]> {
  const names = Object.values(DEMO_USERS).map((u) => normalize(u.userName));
  const users = await db.selectFrom('users').select(['id', 'user_name', 'password_hash', 'is_active']).where('normalized_user_name', 'in', names).execute();
  const disabled: string[] = [];
  for (const user of users) {
    if (user.is_active === allowed || !(await verifyPassword(DEMO_PASSWORD, user.password_hash))) continue;
    await db.updateTable('users').set({ is_active: allowed, security_stamp: randomUUID(), concurrency_stamp: randomUUID() }).where('id', '=', user.id).execute();
    if (allowed) continue;
    // Refresh tokens and sessions would otherwise outlive the sign-in refusal.
    await db.deleteFrom('oidc_payloads').where(sql<string>`payload->>'accountId'`, '=', user.id).execute();
    disabled.push(user.user_name);
  }
  return disabled;
}
