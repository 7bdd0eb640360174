import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { DETECTION_OPTIONS, SafeLanguageDetector } from '../../src/i18n/SafeLanguageDetector';

/**
 * The language detector as the web app configures it (src/i18n, SPEC section 9): localStorage
 * 'i18nextLng', cookie and query 'lng', then the browser. Refused values (script injection, unsupported codes) must fall
 * through to the next source and finally to English, never to '' or i18next's 'dev'.
 */
let storage: Map<string, string>;
let cookie: string;
let search: string;
let browserLanguages: string[];

beforeEach(() => {
  storage = new Map();
  cookie = '';
  search = '';
  browserLanguages = [];
  const localStorage = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  };
  vi.stubGlobal('window', {
    localStorage,
    get location() {
      return { search, hash: '', pathname: '/' };
    },
  });
  vi.stubGlobal('localStorage', localStorage);
  vi.stubGlobal('document', {
    get cookie() {
      return cookie;
    },
  });
  vi.stubGlobal('navigator', {
    get languages() {
      return browserLanguages;
    },
    get language() {
      return browserLanguages[0];
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function detect(): Promise<string> {
  const instance = i18next.createInstance();
  await instance.use(SafeLanguageDetector).init({ fallbackLng: 'dev', supportedLngs: false, resources: {}, detection: DETECTION_OPTIONS });
  return instance.language;
}

describe('language detection', () => {
  it('takes a supported stored language and its aliases', async () => {
    storage.set('i18nextLng', 'se');
    expect(await detect()).toBe('sv');
    storage.set('i18nextLng', 'dk');
    expect(await detect()).toBe('da-DK');
  });

  it('skips a stored script injection and falls through to the browser language', async () => {
    storage.set('i18nextLng', '<script>alert(1)</script>');
    browserLanguages = ['fr-FR', 'de-AT'];
    expect(await detect()).toBe('de-DE');
    expect(storage.get('i18nextLng')).toBe('de-DE');
  });

  it('reads the cookie, then the query, before the browser', async () => {
    cookie = 'lng=nb';
    browserLanguages = ['da'];
    expect(await detect()).toBe('no');
    storage.clear(); // the first detection cached its result
    cookie = 'lng=%22%20onmouseover%3D%22x()';
    search = '?lng=de';
    expect(await detect()).toBe('de-DE');
  });

  it('ends in English, not an empty or "dev" language, when nothing is usable', async () => {
    storage.set('i18nextLng', '" onmouseover="x()');
    search = '?lng=<img src=x>';
    browserLanguages = ['fr-FR', 'ja'];
    expect(await detect()).toBe('en');
    expect(storage.get('i18nextLng')).toBe('en');
  });
});
