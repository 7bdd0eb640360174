import { findLanguage, DEFAULT_LANGUAGE } from '../../common/languages';
import type { Db } from '../db/database';
import { DEFAULT_LANGUAGE_SETTING } from '../languages/languages';
import { readSettings } from '../settings/settings';

/**
 * A user's language, the one rule for everything Vigil writes to them (alarms in every channel,
 * escalation reminders, mails): the language they chose, kept in `caregiver_profiles.language`.
 * It is set when they register (the language they registered in) and changed only by their own
 * choice: the web app's language switch or the setting on /account (PUT
 * /api/plugandplay/profile/language). A user who never chose gets their tenant's default language.
 */

/** The chosen language (culture name) of each of these users that has one. */
export async function chosenLanguages(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('caregiver_profiles').select(['user_id', 'language']).where('user_id', 'in', ids).execute();
  return new Map(rows.flatMap((r) => {
    const language = findLanguage(r.language);
    return language ? [[r.user_id, language.cultureName] as const] : [];
  }));
}

/** The language a user is written to in: their choice, else their tenant's default language (or the host's). */
export async function languageOfUser(db: Db, userId: string, tenantId: string | null): Promise<string> {
  const chosen = (await chosenLanguages(db, [userId])).get(userId);
  if (chosen) return chosen;
  return (findLanguage((await readSettings(db, tenantId))[DEFAULT_LANGUAGE_SETTING]) ?? DEFAULT_LANGUAGE).cultureName;
}

/** Keeps the language a user chose (a culture name), so everything written to them from now on is in it. */
export async function saveChosenLanguage(db: Db, user: { id: string; tenant_id: string | null }, language: string): Promise<void> {
  await db
    .insertInto('caregiver_profiles')
    .values({ user_id: user.id, tenant_id: user.tenant_id, language })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ language }))
    .execute();
}
