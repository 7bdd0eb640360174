import type { Db } from '../db/database';
import { passwordProblems } from '../../common/password-policy';
import { createHostAdmin, hostUserExists, userNameTaken, type FirstAdmin } from '../identity/host-admin';
import { DEMO_PASSWORD } from './demo';
import { dropSetupToken, ensureSetupToken } from '../identity/setup-token';

/**
 * A production install starts with no users. When ADMIN_PASSWORD is set and no host user exists
 * yet, the host administrator is created with it (user name ADMIN_USERNAME, default 'admin').
 * Without it a one-time setup token is made (server/identity/setup-token.ts): the start-up banner
 * prints the setup link, never a fixed password. Returns what happened, for the banner.
 */
export async function ensureFirstAdmin(db: Db, opts: FirstAdmin): Promise<'exists' | 'created' | 'missing'> {
  if (await hostUserExists(db)) {
    await dropSetupToken(db);
    return 'exists';
  }
  if (!opts.password) {
    await ensureSetupToken(db);
    return 'missing';
  }
  const problems = passwordProblems(opts.password);
  if (problems.length) throw new Error(`ADMIN_PASSWORD does not meet the password policy (${problems.map((p) => p.key).join(', ')})`);
  if (opts.password === DEMO_PASSWORD) throw new Error('ADMIN_PASSWORD must not be the published demo password');
  if (await userNameTaken(db, opts.userName, opts.email)) throw new Error(`ADMIN_USERNAME '${opts.userName}' or ADMIN_EMAIL is taken by an inactive account (the demo administrator?): choose others`);
  await createHostAdmin(db, opts);
  await dropSetupToken(db);
  return 'created';
}
