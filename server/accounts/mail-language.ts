import type { Db } from '../db/database';
import { chosenLanguages } from './user-language';

/** The language of a mail to an account's owner: the language they chose (user-language.ts), else `fallback` (the request's). */
export async function mailLanguageOf(db: Db, userId: string, fallback: string): Promise<string> {
  return (await chosenLanguages(db, [userId])).get(userId) ?? fallback;
}
