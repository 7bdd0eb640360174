import { describe, expect, it } from 'vitest';
import { findLanguage, isSafeLanguageTag, languageFromAcceptLanguage, requestLanguage } from '../../common/languages';
import { DEFAULT_LINKS, privacyLink, supportLink } from '../../common/links';
import { passwordProblems, tooSimilarPassword } from '../../common/password-policy';
import { formatDateTime, formatTimeOfDay, formatWithZone, zoneNameAt } from '../../common/dates';
import { isPlugAndPlay } from '../../common/roles';

describe('languages', () => {
  it('resolves every SPEC code and alias', () => {
    expect(findLanguage('en')?.cultureName).toBe('en');
    expect(findLanguage('da-DK')?.folder).toBe('da');
    expect(findLanguage('dk')?.folder).toBe('da');
    expect(findLanguage('de-DE')?.folder).toBe('de');
    expect(findLanguage('sv')?.folder).toBe('sv');
    expect(findLanguage('se')?.folder).toBe('sv');
    expect(findLanguage('no')?.folder).toBe('nb');
    expect(findLanguage('nb-NO')?.cultureName).toBe('no');
    expect(findLanguage('fr')).toBeUndefined();
  });

  it('rejects values that look like script injection', () => {
    for (const bad of ['<script>alert(1)</script>', 'en"><img src=x>', "da';--", 'javascript:alert(1)', 'en-'.repeat(20)]) {
      expect(isSafeLanguageTag(bad), bad).toBe(false);
      expect(findLanguage(bad), bad).toBeUndefined();
    }
  });

  it('picks from Accept-Language by quality', () => {
    expect(languageFromAcceptLanguage('fr-FR,fr;q=0.9,de;q=0.8,en;q=0.7').cultureName).toBe('de-DE');
    expect(languageFromAcceptLanguage('en;q=0.5,da;q=0.9').cultureName).toBe('da-DK');
    expect(languageFromAcceptLanguage('').cultureName).toBe('en');
    expect(languageFromAcceptLanguage('<script>').cultureName).toBe('en');
  });

  it('sends the stored language, else a Danish or English browser language, else English (SPEC 7)', () => {
    expect(requestLanguage('de-DE', 'da')).toBe('de-DE');
    expect(requestLanguage(null, 'da-DK')).toBe('da-DK');
    expect(requestLanguage(null, 'en-US')).toBe('en');
    expect(requestLanguage(null, 'sv-SE')).toBe('en');
    expect(requestLanguage('<script>', 'de')).toBe('en');
  });
});

describe('external links', () => {
  it('follows the language, with the de-DE and se quirks of the SPEC', () => {
    expect(privacyLink(DEFAULT_LINKS, 'de-DE')).toBe(DEFAULT_LINKS.privacy.no);
    expect(privacyLink(DEFAULT_LINKS, 'de-DE')).toMatch(/\/no\//);
    expect(supportLink(DEFAULT_LINKS, 'se')).toBe(DEFAULT_LINKS.support.sv);
    expect(privacyLink(DEFAULT_LINKS, 'da')).toBe(DEFAULT_LINKS.privacy['da-DK']);
    expect(supportLink(DEFAULT_LINKS, 'nb')).toBe(DEFAULT_LINKS.support.no);
    expect(privacyLink(DEFAULT_LINKS, 'fr')).toBe(DEFAULT_LINKS.privacy.en);
  });
});

describe('password policy', () => {
  it('accepts the demo password and refuses each missing class', () => {
    expect(passwordProblems('Demo-Pass-2026')).toEqual([]);
    expect(passwordProblems('Short-1a').map((p) => p.key)).toEqual(['minLength']);
    expect(passwordProblems('a'.repeat(95) + 'A-1bcd').map((p) => p.key)).toEqual(['maxLength']);
    expect(passwordProblems('demo-pass-2026').map((p) => p.key)).toEqual(['passwordUppercase']);
    expect(passwordProblems('DEMO-PASS-2026').map((p) => p.key)).toEqual(['passwordLowercase']);
    expect(passwordProblems('Demo-Pass-word').map((p) => p.key)).toEqual(['passwordDigit']);
    expect(passwordProblems('DemoPass2026x').map((p) => p.key)).toEqual(['passwordSpecial']);
  });
});

describe('dates', () => {
  it('formats as HH:mm - dd/MM/yy, optionally with seconds', () => {
    const d = new Date(2026, 10, 2, 7, 5, 9);
    expect(formatDateTime(d)).toBe('07:05 - 02/11/26');
    expect(formatDateTime(d, true)).toBe('07:05:09 - 02/11/26');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('says only the time of a moment of the same day, and the date too of another', () => {
    const now = new Date(2026, 10, 21, 22, 15);
    expect(formatTimeOfDay(new Date(2026, 10, 21, 22, 14, 5), now)).toBe('22:14');
    expect(formatTimeOfDay(new Date(2026, 10, 21, 0, 1), now)).toBe('00:01');
    expect(formatTimeOfDay(new Date(2026, 10, 20, 23, 59), now)).toBe('23:59 - 20/11/26');
    expect(formatTimeOfDay('not a date', now)).toBe('');
  });

  it("tells a moment in a given zone, as the alarm texts are written in: the card's time and its text's agree", () => {
    const alarm = new Date('2026-11-24T16:03:00Z');
    expect(formatDateTime(alarm, false, 'Europe/Copenhagen')).toBe('17:03 - 24/11/26');
    expect(formatWithZone(alarm, 'Europe/Copenhagen')).toBe('17:03 CET - 24/11/26');
    expect(formatDateTime(alarm, true, 'UTC')).toBe('16:03:00 - 24/11/26');
    expect(zoneNameAt(alarm, 'Europe/Copenhagen')).toBe('CET');
    expect(zoneNameAt(new Date('2026-07-24T16:03:00Z'), 'Europe/Copenhagen')).toBe('CEST');
    // The day is the zone's: 23:30 in UTC is the next day in Copenhagen.
    const late = new Date('2026-11-24T23:30:00Z');
    expect(formatTimeOfDay(late, new Date('2026-11-25T06:00:00Z'), 'Europe/Copenhagen')).toBe('00:30');
    expect(formatTimeOfDay(late, new Date('2026-11-25T06:00:00Z'), 'UTC')).toBe('23:30 - 24/11/26');
    // An unknown zone is told in UTC rather than failing.
    expect(formatDateTime(alarm, false, 'Not/AZone')).toBe('16:03 - 24/11/26');
  });
});

describe('plug-and-play mode', () => {
  it('is on for the dedicated host or the plug-and-play roles', () => {
    expect(isPlugAndPlay('app.vigil.care', 'app.vigil.care', [])).toBe(true);
    expect(isPlugAndPlay('APP.vigil.care', 'app.vigil.care', [])).toBe(true);
    expect(isPlugAndPlay('localhost:3000', 'app.vigil.care', ['Plug and Play User'])).toBe(true);
    expect(isPlugAndPlay('localhost:3000', 'app.vigil.care', ['Plug and Play Admin'])).toBe(true);
    expect(isPlugAndPlay('localhost:3000', '', ['admin'])).toBe(false);
  });
});


describe('tooSimilarPassword (SPEC section 5: a new password differs significantly)', () => {
  it('refuses a change of the last character, an addition, a case change and a part of the old one; takes a new word', () => {
    expect(tooSimilarPassword('Green-Meadow-2027!', 'Green-Meadow-2027?')).toBe(true);
    expect(tooSimilarPassword('Green-Meadow-2027!', 'Green-Meadow-2027!!!!!')).toBe(true);
    expect(tooSimilarPassword('Green-Meadow-2027!', 'green-meadow-2027!')).toBe(true);
    expect(tooSimilarPassword('Green-Meadow-2027!', 'Meadow-2027!')).toBe(true);
    expect(tooSimilarPassword('Green-Meadow-2027!', 'Green-Meadow-2031#')).toBe(true);
    expect(tooSimilarPassword('Green-Meadow-2027!', 'Green-Harbour-2027!')).toBe(false);
    expect(tooSimilarPassword('Green-Meadow-2027!', 'Blue-Harbour-2031#')).toBe(false);
  });
});
