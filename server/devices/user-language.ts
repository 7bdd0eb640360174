import type { Kysely } from 'kysely';
import { findLanguage } from '../../common/languages';
import type { Database } from '../db/tables';
import type { Db } from '../db/database';
import { DEFAULT_LANGUAGE_SETTING } from '../languages/languages';
import { readSettings } from '../settings/settings';

/**
 * The language a user's mail is written in: the user's own choice, kept as ABP keeps it (the
 * setting 'Abp.Localization.DefaultLanguage' of provider 'U' with the user id), else the default
 * language of the user's tenant (or the host's).
 */
export async function languageOfUser(db: Kysely<Database>, userId: string, tenantId: string | null): Promise<string> {
  const own = await db
    .selectFrom('settings')
    .select('value')
    .where('name', '=', DEFAULT_LANGUAGE_SETTING)
    .where('provider_name', '=', 'U')
    .where('provider_key', '=', userId)
    .executeTakeFirst();
  const chosen = findLanguage(own?.value);
  if (chosen) return chosen.cultureName;
  const fallback = (await readSettings(db as Db, tenantId))[DEFAULT_LANGUAGE_SETTING];
  return findLanguage(fallback)?.cultureName ?? 'en';
}
