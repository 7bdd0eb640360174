import type { i18n as I18next, TOptions } from 'i18next';
import type { I18nProvider, Locale, Store } from 'react-admin';
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import englishMessages from 'ra-language-english';
import { LANGUAGES } from '../../common/languages';

/**
 * react-admin's i18nProvider over the app's one i18next instance (src/i18n/index.ts).
 *
 * Not ra-i18n-i18next's useI18nextProvider: that hook calls init() on the instance it is given,
 * which on the already initialised shared instance builds a new resource store (dropping the
 * loaded texts), switches the language to its default 'en' and warns "init just once". The
 * translate below does what its provider does (`_` -> defaultValue, smart_count -> count).
 *
 * Lookup order: namespace 'admin' (ra.* and the shell's keys), then 'translation' (menu.*,
 * auth.*), then 'schemas' (resources.<name>.* of the schema resources). A "key" containing white space is a sentence (a server message passed to notify): it is
 * looked up as a flat key and shown as it is when missing, since '.' and ':' in it are not
 * separators.
 */
export const ADMIN_NAMESPACES = ['admin', 'translation', 'schemas'];

export const AVAILABLE_LOCALES: Locale[] = LANGUAGES.map((l) => ({ locale: l.cultureName, name: l.displayName }));

export function translateOptions(key: string, options: Record<string, unknown> = {}): TOptions {
  const { _: defaultValue, smart_count: smartCount, ...rest } = options;
  const sentence = /\s/.test(key);
  return {
    ns: ADMIN_NAMESPACES,
    ...rest,
    ...(smartCount !== undefined ? { count: Number(smartCount), smart_count: smartCount } : {}),
    ...(defaultValue !== undefined ? { defaultValue } : sentence ? { defaultValue: key } : {}),
    ...(sentence ? { nsSeparator: false, keySeparator: false } : {}),
  };
}

export function createI18nProvider(i18n: I18next, availableLocales: Locale[] = AVAILABLE_LOCALES): I18nProvider {
  // react-admin compares its stored locale with getLocale() to decide a re-render; this value
  // moves only in changeLocale, so a language switched elsewhere (the LanguageSwitcher) is seen.
  let locale = i18n.language;
  return {
    translate: (key, options) => String(i18n.t(key, translateOptions(key, options))),
    changeLocale: async (next: string) => {
      await i18n.changeLanguage(next);
      locale = next;
    },
    getLocale: () => locale,
    getLocales: () => availableLocales,
  };
}

/**
 * react-admin's English ra.* texts, added to the fallback language 'dev' so every language has
 * them where its own admin.json lacks a key. Call after i18next has loaded (init resolved), or the
 * backend would consider dev/admin present and skip loading it.
 */
export function addReactAdminEnglish(i18n: I18next): void {
  i18n.addResourceBundle('dev', 'admin', convertRaTranslationsToI18next(englishMessages), true, false);
}

const LOCALE_KEY = 'locale';

/**
 * react-admin's store with its 'locale' entry routed to i18next, so there is one language setting
 * (localStorage 'i18nextLng', SPEC section 9) whichever switcher changes it, and react-admin
 * re-renders when the public LanguageSwitcher changes it.
 */
export function i18nextLocaleStore(base: Store, i18n: I18next): Store {
  return {
    ...base,
    getItem: <T>(key: string, defaultValue?: T): T | undefined =>
      key === LOCALE_KEY ? ((i18n.language as T | undefined) ?? defaultValue) : base.getItem(key, defaultValue),
    setItem: (key, value) => {
      if (key === LOCALE_KEY) {
        if (typeof value === 'string' && value) void i18n.changeLanguage(value);
      } else {
        base.setItem(key, value);
      }
    },
    removeItem: (key) => {
      if (key !== LOCALE_KEY) base.removeItem(key);
    },
    subscribe: (key, callback) => {
      if (key !== LOCALE_KEY) return base.subscribe(key, callback);
      const onChange = (lng: string) => callback(lng);
      i18n.on('languageChanged', onChange);
      return () => i18n.off('languageChanged', onChange);
    },
  };
}
