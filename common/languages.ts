/**
 * Languages Vigil speaks. One table used by the server (Accept-Language, sign-in pages, ABP
 * application-configuration) and by the web app (i18next detection, switcher).
 *
 * SPEC codes: en, sv, se, da-DK, de-DE, no; aliases 'se' (Swedish) and 'dk' (Danish) are handled.
 * Translation files live in resources/locales/<folder>/<namespace>.json.
 */
export interface Language {
  /** The culture name the product uses (ABP cultureName). */
  cultureName: string;
  /** Folder under resources/locales. */
  folder: string;
  displayName: string;
  twoLetterISOLanguageName: string;
  flagIcon: string;
}

export const LANGUAGES: readonly Language[] = [
  { cultureName: 'en', folder: 'en', displayName: 'English', twoLetterISOLanguageName: 'en', flagIcon: 'gb' },
  { cultureName: 'da-DK', folder: 'da', displayName: 'Dansk', twoLetterISOLanguageName: 'da', flagIcon: 'dk' },
  { cultureName: 'de-DE', folder: 'de', displayName: 'Deutsch', twoLetterISOLanguageName: 'de', flagIcon: 'de' },
  { cultureName: 'sv', folder: 'sv', displayName: 'Svenska', twoLetterISOLanguageName: 'sv', flagIcon: 'se' },
  { cultureName: 'no', folder: 'nb', displayName: 'Norsk', twoLetterISOLanguageName: 'nb', flagIcon: 'no' },
];

export const DEFAULT_LANGUAGE = LANGUAGES[0]!;

/** Extra spellings that name one of LANGUAGES (lower-case keys). */
const ALIASES: Record<string, string> = {
  en: 'en',
  'en-us': 'en',
  'en-gb': 'en',
  dev: 'en',
  da: 'da-DK',
  'da-dk': 'da-DK',
  dk: 'da-DK',
  de: 'de-DE',
  'de-de': 'de-DE',
  'de-at': 'de-DE',
  'de-ch': 'de-DE',
  sv: 'sv',
  'sv-se': 'sv',
  se: 'sv',
  no: 'no',
  nb: 'no',
  'nb-no': 'no',
  nn: 'no',
  'nn-no': 'no',
};

/** A language tag is letters, digits and dashes only; anything else (e.g. `<script>`) is refused. */
/** A language tag's shape ('da', 'da-DK', 'zh_Hant_TW'), also the pattern route schemas check it with. */
export const LANGUAGE_TAG_PATTERN = '^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8}){0,3}$';
const SAFE_TAG = new RegExp(LANGUAGE_TAG_PATTERN);

export function isSafeLanguageTag(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 35 && SAFE_TAG.test(value);
}

/** Resolves any supported spelling ('se', 'dk', 'nb-NO', 'de') to a Language, or undefined. */
export function findLanguage(tag: unknown): Language | undefined {
  if (!isSafeLanguageTag(tag)) return undefined;
  const key = tag.toLowerCase().replace('_', '-');
  const culture = ALIASES[key] ?? ALIASES[key.split('-')[0]!];
  return LANGUAGES.find((l) => l.cultureName === culture);
}

/**
 * Picks the best language from an Accept-Language header value, or the default.
 * Quality values are honoured; unsupported and unsafe entries are skipped.
 */
export function languageFromAcceptLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag ?? '', q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const found = findLanguage(tag);
    if (found) return found;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The Accept-Language the web app sends (SPEC section 7): the stored language; else the browser
 * language if it is Danish or English; else English.
 */
export function requestLanguage(stored: string | null | undefined, browser: string | undefined): string {
  const fromStore = findLanguage(stored);
  if (fromStore) return fromStore.cultureName;
  const fromBrowser = findLanguage(browser);
  if (fromBrowser && (fromBrowser.folder === 'da' || fromBrowser.folder === 'en')) return fromBrowser.cultureName;
  return DEFAULT_LANGUAGE.cultureName;
}

/** The Intl locale of a product culture ('no' is Norwegian Bokmål to Intl). */
export function intlLocale(culture: string): string {
  const lang = findLanguage(culture) ?? DEFAULT_LANGUAGE;
  return lang.cultureName === 'no' ? 'nb-NO' : lang.cultureName;
}
