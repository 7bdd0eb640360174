import type { LanguageDetectorModule } from 'i18next';
import { DEFAULT_LANGUAGE, findLanguage } from '../../common/languages';

export type DetectionSource = 'localStorage' | 'cookie' | 'querystring' | 'navigator';

export interface DetectionOptions {
  order: readonly DetectionSource[];
  lookupLocalStorage: string;
  lookupCookie: string;
  lookupQuerystring: string;
}

/** SPEC section 9: localStorage 'i18nextLng', then cookie and query 'lng', then the browser. */
export const DETECTION_OPTIONS: DetectionOptions = {
  order: ['localStorage', 'cookie', 'querystring', 'navigator'],
  lookupLocalStorage: 'i18nextLng',
  lookupCookie: 'lng',
  lookupQuerystring: 'lng',
};

/**
 * A detected value as a supported culture name, or '' when refused: unsupported codes and values
 * that look like script injection (SPEC section 5) never become the language.
 */
export function toSupportedCulture(detected: unknown): string {
  return findLanguage(detected)?.cultureName ?? '';
}

/** Storage and cookies can throw (blocked in privacy modes, sandboxed frames): treat as absent. */
function attempt<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

function cookieValue(name: string): string | undefined {
  const pair = attempt(() => document.cookie)
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`));
  return pair === undefined ? undefined : attempt(() => decodeURIComponent(pair.slice(name.length + 1)));
}

function lookup(source: DetectionSource, options: DetectionOptions): (string | null | undefined)[] {
  switch (source) {
    case 'localStorage':
      return [attempt(() => window.localStorage.getItem(options.lookupLocalStorage))];
    case 'cookie':
      return [cookieValue(options.lookupCookie)];
    case 'querystring':
      return [attempt(() => new URLSearchParams(window.location.search).get(options.lookupQuerystring))];
    case 'navigator':
      return typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  }
}

/**
 * i18next's language detector for Vigil. Every source is read in order and every value is mapped
 * through toSupportedCulture; refused values are dropped, so detection falls through to the next
 * source and finally to English.
 *
 * Why not i18next-browser-languagedetector: with `convertDetectedLanguage` returning '' for a
 * refused value, v8.3 hands that '' on to i18next 23, whose getBestMatchFromCodes skips it but, when
 * nothing else is usable, settles on fallbackLng 'dev', which becomes i18n.language and is cached
 * in localStorage as 'dev'. Its querystring lookup also reads values undecoded. Fixing that needed
 * a subclass; this module does the same job in a fraction of its size (every public page loads it).
 */
export class SafeLanguageDetector implements LanguageDetectorModule {
  static readonly type = 'languageDetector';
  readonly type = 'languageDetector';
  private options: DetectionOptions = DETECTION_OPTIONS;

  init(_services: unknown, detectorOptions?: Partial<DetectionOptions>): void {
    this.options = { ...DETECTION_OPTIONS, ...detectorOptions };
  }

  detect(): string[] {
    const found = this.options.order
      .flatMap((source) => lookup(source, this.options))
      .map(toSupportedCulture)
      .filter((culture) => culture !== '');
    return [...new Set([...found, DEFAULT_LANGUAGE.cultureName])];
  }

  /** Keeps the chosen language (i18n.changeLanguage, the switcher) in localStorage 'i18nextLng'. */
  cacheUserLanguage(language: string): void {
    const culture = toSupportedCulture(language);
    if (culture) attempt(() => window.localStorage.setItem(this.options.lookupLocalStorage, culture));
  }
}
