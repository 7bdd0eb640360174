import type { Kysely } from 'kysely';
import { findLanguage } from '../../common/languages';
import type { Database } from '../db/tables';
import type { Db } from '../db/database';
import { readSettings } from '../settings/settings';
import { DEFAULT_LANGUAGE_SETTING } from './languages';

/** The user's own choice of language, kept as ABP keeps it (the setting 'Abp.Localization.DefaultLanguage' of provider 'U' with the user id), if any. */
export async function chosenLanguageOfUser(db: Kysely<Database>, userId: string): Promise<string | undefined> {
  const own = await db
    .selectFrom('settings')
    .select('value')
    .where('name', '=', DEFAULT_LANGUAGE_SETTING)
    .where('provider_name', '=', 'U')
    .where('provider_key', '=', userId)
    .executeTakeFirst();
  return findLanguage(own?.value)?.cultureName;
}

/**
 * The language a user's mail is written in: the user's own choice, else the default language of
 * the user's tenant (or the host's).
 */
export async function languageOfUser(db: Kysely<Database>, userId: string, tenantId: string | null): Promise<string> {
  const chosen = await chosenLanguageOfUser(db, userId);
  if (chosen) return chosen;
  const fallback = (await readSettings(db as Db, tenantId))[DEFAULT_LANGUAGE_SETTING];
  return findLanguage(fallback)?.cultureName ?? 'en';
}
