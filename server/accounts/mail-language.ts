import type { Db } from '../db/database';
import { chosenLanguageOfUser } from '../languages/user-language';

/**
 * The language of a mail to an account's owner: a carer's own (the profile's, kept up to date by
 * their requests), else the language the user chose, else `fallback` (the request's).
 */
export async function mailLanguageOf(db: Db, userId: string, fallback: string): Promise<string> {
  const profile = await db.selectFrom('caregiver_profiles').select('language').where('user_id', '=', userId).executeTakeFirst();
  return profile?.language ?? (await chosenLanguageOfUser(db, userId)) ?? fallback;
}
