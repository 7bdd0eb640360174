import LanguageDetector from 'i18next-browser-languagedetector';
import { DEFAULT_LANGUAGE, findLanguage } from '../../common/languages';

/**
 * Maps a detected value onto a supported culture name; anything else (unsupported codes and values
 * that look like script injection, SPEC section 5) becomes ''.
 */
export function toSupportedCulture(detected: string): string {
  return findLanguage(detected)?.cultureName ?? '';
}

/**
 * The browser detector, made to skip refused values.
 *
 * i18next-browser-languagedetector 8 drops codes failing its own isSafeLanguageCode, then maps the
 * rest through `convertDetectedLanguage` and hands every result, '' included, to i18next. i18next 23's
 * getBestMatchFromCodes passes over '' (falsy) to the next code, but when no detector found a
 * supported language it settles on fallbackLng 'dev', which then becomes i18n.language and is
 * cached in localStorage as 'dev'. Dropping the '' entries and ending the list with English makes a
 * refused value fall through to the next detector, and finally to 'en', never to '' or 'dev'.
 */
export class SafeLanguageDetector extends LanguageDetector {
  override detect(order?: Parameters<LanguageDetector['detect']>[0]): string[] {
    const found = super.detect(order);
    const list = Array.isArray(found) ? found : found ? [found] : [];
    return [...list.filter((code) => code !== ''), DEFAULT_LANGUAGE.cultureName];
  }
}
