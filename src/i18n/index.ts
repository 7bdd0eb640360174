import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { findLanguage, LANGUAGES } from '../../common/languages';
import { FetchBackend } from './fetchBackend';
import { DETECTION_OPTIONS, SafeLanguageDetector } from './SafeLanguageDetector';

export { DETECTION_OPTIONS, SafeLanguageDetector };

/**
 * One i18next instance for the whole web app (public pages and react-admin through
 * ra-i18n-i18next). Settings are the SPEC's (section 9): namespace 'translation', fallback 'dev',
 * key separator '.', namespace separator ':', 5 retries from 350 ms doubling, at most 10 parallel
 * reads. Texts come from the server at /locales/<folder>/<ns>.json, so overrides made in language
 * management reach the app without a rebuild.
 *
 * Retries (SPEC section 8: "only for 5xx or network failures"): i18next's BackendConnector retries
 * a read only when the backend calls back with retry=true, waiting 350, 700, 1400, 2800, 5600 ms.
 * i18next-http-backend 2.7 does so for a 5xx, a missing status or a fetch error mentioning
 * failed/fetch/network/load, and not for a 4xx or unparsable JSON; FetchBackend keeps exactly that
 * rule without the http backend's fetch polyfill (see fetchBackend.ts). init() resolves even when
 * loading failed (keys then show), so start-up never hangs.
 */
export const NAMESPACES = ['translation', 'admin'] as const;

/**
 * Loaded by the react-admin shell only (src/layout/AdminApp.tsx), so public pages do not fetch
 * them: 'schemas' (resource, field, enum and tab labels the server builds from schemas/*.json)
 * and 'validation' (the messages the server's validation uses too). Once loaded, i18next reloads
 * them with every language change like the others.
 */
export const ADMIN_ONLY_NAMESPACES = ['schemas', 'validation'] as const;

/** Folder on the server for any code i18next asks for ('dev' and unknown codes load English). */
export function localeFolder(code: string): string {
  return findLanguage(code)?.folder ?? 'en';
}

/** <html lang> follows the language so screen readers pronounce the page correctly. */
function syncDocumentLanguage(lng: string): void {
  const language = findLanguage(lng);
  if (language && typeof document !== 'undefined') document.documentElement.lang = language.twoLetterISOLanguageName;
}

let initialised: Promise<unknown> | undefined;

export function initI18n(): Promise<unknown> {
  if (!initialised) {
    i18n.on('languageChanged', syncDocumentLanguage);
    initialised = i18n
      .use(FetchBackend)
      .use(SafeLanguageDetector)
      .use(initReactI18next)
      .init({
        ns: [...NAMESPACES],
        defaultNS: 'translation',
        fallbackLng: 'dev',
        supportedLngs: false,
        keySeparator: '.',
        nsSeparator: ':',
        load: 'currentOnly',
        maxRetries: 5,
        retryTimeout: 350,
        maxParallelReads: 10,
        interpolation: { escapeValue: false },
        returnNull: false,
        backend: {
          loadPath: (language: string, namespace: string) => `/locales/${localeFolder(language)}/${namespace}.json`,
        },
        detection: DETECTION_OPTIONS,
        react: { useSuspense: false },
      });
  }
  return initialised;
}

export const SUPPORTED_LANGUAGES = LANGUAGES;
export { i18n };
