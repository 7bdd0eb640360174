import { findLanguage } from '../../../../common/languages';
import type { AnswerOf } from '../../../providers/openapi/typedApi';

/** ABP language management's language DTO (`/api/language-management/languages`). */
export type LanguageRecord = AnswerOf<'/api/language-management/languages/all'>['items'][number];

/** An entry of `GET .../culture-list`. */
export type CultureDto = AnswerOf<'/api/language-management/languages/culture-list'>[number];

const flag = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : null);

/**
 * The create body (the culture is chosen once and is also the UI culture) or the update body (display
 * name, flag, offered; ABP does not change a language's culture).
 */
export function languageBody(data: Record<string, unknown>, mode: 'create' | 'update'): Record<string, unknown> {
  const common = {
    displayName: typeof data.displayName === 'string' ? data.displayName.trim() : '',
    flagIcon: flag(data.flagIcon),
    isEnabled: data.isEnabled !== false,
  };
  if (mode === 'create') return { cultureName: data.cultureName, uiCultureName: data.cultureName, ...common };
  return { ...common, ...(typeof data.concurrencyStamp === 'string' ? { concurrencyStamp: data.concurrencyStamp } : {}) };
}

/** The cultures not added yet, as select choices. */
export function addableCultures(cultures: readonly CultureDto[], added: readonly Pick<LanguageRecord, 'cultureName'>[]): { id: string; name: string }[] {
  const taken = new Set(added.map((l) => l.cultureName));
  return cultures.filter((c) => !taken.has(c.name)).map((c) => ({ id: c.name, name: `${c.displayName} (${c.name})` }));
}

/** What a chosen culture suggests for the other fields: its own name and its usual flag. */
export function cultureDefaults(cultureName: string, cultures: readonly CultureDto[]): { displayName: string; flagIcon: string } | undefined {
  const known = findLanguage(cultureName);
  const listed = cultures.find((c) => c.name === cultureName);
  if (!known && !listed) return undefined;
  return { displayName: listed?.displayName ?? known!.displayName, flagIcon: known?.flagIcon ?? '' };
}

/** A flag code ('dk', 'gb') as the flag emoji built from its two regional indicator letters; '' when it is not two letters. */
export function flagEmoji(code: string | null | undefined): string {
  const letters = (code ?? '').slice(0, 2).toUpperCase();
  if (!/^[A-Z]{2}$/.test(letters)) return '';
  return String.fromCodePoint(...[...letters].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}
