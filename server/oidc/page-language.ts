import type { IncomingMessage } from 'node:http';
import { findLanguage, languageFromAcceptLanguage } from '../../common/languages';

/**
 * The language of the issuer's own pages: the `ui_locales` the web app sent, else the `lng` cookie
 * or `i18nextLng` the web app keeps, else Accept-Language.
 */
export function languageOf(req: IncomingMessage, uiLocales?: unknown): string {
  const fromParam = typeof uiLocales === 'string' ? uiLocales.split(' ').map(findLanguage).find(Boolean) : undefined;
  if (fromParam) return fromParam.cultureName;
  const cookie = req.headers.cookie ?? '';
  const match = /(?:^|;\s*)lng=([^;]+)/.exec(cookie);
  const fromCookie = match ? findLanguage(decodeURIComponent(match[1]!)) : undefined;
  if (fromCookie) return fromCookie.cultureName;
  return languageFromAcceptLanguage(req.headers['accept-language']).cultureName;
}
