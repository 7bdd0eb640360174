import type { Db } from '../db/database';
import { normalize } from './user-records';

/**
 * Login names are unique across the whole system whichever field holds them: a user name or email
 * may not equal (normalized) any other live user's user name or email, in any tenant, since sign-in
 * looks both up in one go. The database holds the same rule (table login_names, migration 018);
 * this check names the field before the write. Says which of the given fields clash, never where.
 */
export async function loginNameConflicts(
  db: Db,
  input: { userName: string; email: string },
  exceptUserId: string | null,
): Promise<{ userName: boolean; email: boolean }> {
  const userName = normalize(input.userName);
  const email = normalize(input.email);
  const names = [userName, email].filter(Boolean);
  if (names.length === 0) return { userName: false, email: false };
  let query = db
    .selectFrom('users')
    .select(['normalized_user_name', 'normalized_email'])
    .where('is_deleted', '=', false)
    .where((eb) => eb.or([eb('normalized_user_name', 'in', names), eb('normalized_email', 'in', names)]));
  if (exceptUserId) query = query.where('id', '!=', exceptUserId);
  const rows = await query.execute();
  const taken = (name: string) => name !== '' && rows.some((r) => r.normalized_user_name === name || r.normalized_email === name);
  return { userName: taken(userName), email: taken(email) };
}
