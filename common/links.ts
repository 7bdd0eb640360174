/**
 * External link targets (SPEC section 1). Every target is configurable by the operator through the
 * server's LINKS_JSON setting; these are the defaults. Privacy policy and support/FAQ links depend on
 * the language; the codes are the SPEC's: en, sv, se, da-DK, de-DE, no.
 */
export type LinkLanguage = 'en' | 'sv' | 'se' | 'da-DK' | 'de-DE' | 'no';

export interface ExternalLinks {
  contact: string;
  termsAndPrivacy: string;
  guides: string;
  store: string;
  apps: {
    careIos: string;
    careAndroid: string;
    companionIos: string;
    companionAndroid: string;
  };
  privacy: Record<LinkLanguage, string>;
  support: Record<LinkLanguage, string>;
}

const site = 'https://vigil.care';

export const DEFAULT_LINKS: ExternalLinks = {
  contact: `${site}/contact`,
  termsAndPrivacy: `${site}/terms-and-privacy`,
  guides: `${site}/guides`,
  store: `https://store.vigil.care`,
  apps: {
    careIos: 'https://apps.apple.com/app/vigil-care/id0000000001',
    careAndroid: 'https://play.google.com/store/apps/details?id=care.vigil.app',
    companionIos: 'https://apps.apple.com/app/vigil-companion/id0000000002',
    companionAndroid: 'https://play.google.com/store/apps/details?id=care.vigil.companion',
  },
  privacy: {
    en: `${site}/en/privacy-policy`,
    sv: `${site}/sv/integritetspolicy`,
    se: `${site}/sv/integritetspolicy`,
    'da-DK': `${site}/da/privatlivspolitik`,
    // SPEC: the de-DE privacy link points to the Norwegian-language page.
    'de-DE': `${site}/no/personvernerklaering`,
    no: `${site}/no/personvernerklaering`,
  },
  support: {
    en: `${site}/en/support`,
    sv: `${site}/sv/support`,
    // SPEC: the se support link points to the sv page.
    se: `${site}/sv/support`,
    'da-DK': `${site}/da/support`,
    'de-DE': `${site}/de/support`,
    no: `${site}/no/support`,
  },
};

const LINK_LANGUAGES: readonly LinkLanguage[] = ['en', 'sv', 'se', 'da-DK', 'de-DE', 'no'];

/** Maps an i18next/culture code onto the link table's keys ('da' -> 'da-DK', 'nb' -> 'no'). */
export function linkLanguage(code: string | undefined): LinkLanguage {
  if (!code) return 'en';
  if ((LINK_LANGUAGES as readonly string[]).includes(code)) return code as LinkLanguage;
  const base = code.toLowerCase().split(/[-_]/)[0];
  switch (base) {
    case 'da':
    case 'dk':
      return 'da-DK';
    case 'de':
      return 'de-DE';
    case 'sv':
      return 'sv';
    case 'se':
      return 'se';
    case 'nb':
    case 'nn':
    case 'no':
      return 'no';
    default:
      return 'en';
  }
}

export function privacyLink(links: ExternalLinks, code: string | undefined): string {
  return links.privacy[linkLanguage(code)];
}

export function supportLink(links: ExternalLinks, code: string | undefined): string {
  return links.support[linkLanguage(code)];
}
