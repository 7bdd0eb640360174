import type { Selectable } from 'kysely';
import { findLanguage, LANGUAGES } from '../../common/languages';
import type { Db } from '../db/database';
import type { LanguagesTable } from '../localization/tables';
import { readSettings } from '../settings/settings';

/**
 * The languages offered (table `languages`) and the default one (setting
 * 'Abp.Localization.DefaultLanguage', as ABP keeps it). A language can only be one the product
 * has translations for (common/languages.ts: the culture list); a row adds the display name, flag
 * and whether it is offered.
 */
export type LanguageRow = Selectable<LanguagesTable>;

export const DEFAULT_LANGUAGE_SETTING = 'Abp.Localization.DefaultLanguage';

/** The product's order (English, Danish, German, Swedish, Norwegian), then by culture name. */
export function byProductOrder(a: { culture_name: string }, b: { culture_name: string }): number {
  const rank = (c: string) => {
    const i = LANGUAGES.findIndex((l) => l.cultureName === c);
    return i < 0 ? LANGUAGES.length : i;
  };
  return rank(a.culture_name) - rank(b.culture_name) || a.culture_name.localeCompare(b.culture_name);
}

/** The host's default culture name, in its canonical spelling. */
export async function defaultCulture(db: Db): Promise<string> {
  const setting = (await readSettings(db, null))[DEFAULT_LANGUAGE_SETTING];
  return findLanguage(setting)?.cultureName ?? setting;
}

export function languageDto(row: LanguageRow, defaultCultureName: string) {
  return {
    id: row.id,
    cultureName: row.culture_name,
    uiCultureName: row.ui_culture_name,
    displayName: row.display_name,
    flagIcon: row.flag_icon,
    isEnabled: row.is_enabled,
    isDefaultLanguage: row.culture_name === defaultCultureName,
    creationTime: row.creation_time,
    lastModificationTime: row.last_modification_time,
    concurrencyStamp: row.concurrency_stamp,
  };
}

/** ABP's LanguageInfo of the enabled languages, for application-configuration. */
export async function enabledLanguages(db: Db) {
  const rows = await db.selectFrom('languages').selectAll().where('is_enabled', '=', true).execute();
  return rows.sort(byProductOrder).map((row) => ({
    cultureName: row.culture_name,
    uiCultureName: row.ui_culture_name,
    displayName: row.display_name,
    twoLetterISOLanguageName: findLanguage(row.culture_name)?.twoLetterISOLanguageName ?? row.culture_name.slice(0, 2),
    flagIcon: row.flag_icon,
  }));
}
