import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every namespace file in resources/locales/en (translation, admin, account, server, ...) must be
 * complete in the other languages: same keys, same value types, same {{placeholders}}, and
 * actually translated (a text identical to the English one is a forgotten translation unless it
 * is allowed below).
 */
const LOCALES_DIR = join(import.meta.dirname, '..', '..', 'resources', 'locales');
const OTHER_LANGUAGES = ['da', 'de', 'sv', 'nb'] as const;

/** Texts that are the same in every language: product and app names, and SOS. */
const SAME_EVERYWHERE_VALUES: ReadonlySet<string> = new Set(['SOS', 'Vigil', 'Vigil Care', 'Vigil Companion', 'Vigil Care ApS', 'Jane Doe']);

/** Words a language spells as English does (checked with native usage): Danish and Norwegian "Send", Swedish and Norwegian "fall", German and Swedish "Text", Danish and Swedish "position". */
const SAME_WORD_IN: Readonly<Record<string, ReadonlySet<string>>> = { da: new Set(['Send', '{{number}} position']), nb: new Set(['Send', 'fall']), sv: new Set(['fall', 'Text', '{{number}} position']), de: new Set(['Text']) };

/** Keys ("<namespace>:<key>") whose values are data, not language: the operator's company details. */
const SAME_EVERYWHERE_KEYS: readonly RegExp[] = [/^translation:imprint\.company\./];

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Leaf path -> value; arrays are indexed ("terms.sections.0.title"). */
function flatten(value: Json, prefix = '', out = new Map<string, Json>()): Map<string, Json> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [key, child] of entries) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

function readNamespace(language: string, file: string): Map<string, Json> | undefined {
  const path = join(LOCALES_DIR, language, file);
  return existsSync(path) ? flatten(JSON.parse(readFileSync(path, 'utf8')) as Json) : undefined;
}

const placeholders = (text: string): string[] => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1] ?? '').sort();

/** A text with no words of its own (numbers, an e-mail address, a URL, only placeholders) needs no translation. */
function isLanguageFree(text: string): boolean {
  const stripped = text.replace(/\{\{[^}]*\}\}/g, '').trim();
  return !/\p{L}{2,}/u.test(stripped) || /^\S+@\S+\.\S+$/.test(stripped) || /^https?:\/\/\S+$/.test(stripped);
}

function mayEqualEnglish(language: string, namespace: string, key: string, text: string): boolean {
  return SAME_EVERYWHERE_VALUES.has(text) || SAME_WORD_IN[language]?.has(text) === true || isLanguageFree(text) || SAME_EVERYWHERE_KEYS.some((re) => re.test(`${namespace}:${key}`));
}

/**
 * Texts with a {{count}} that are not split into plural forms: the count is a fixed limit above
 * one (a polygon's 3 corners, 10,000 lines), follows a colon as a bare number, or is a unit.
 */
const COUNT_WITHOUT_PLURAL: ReadonlySet<string> = new Set([
  'geofences:errors.corners',
  'devices:errors.tooManyReceivers',
  'security:passkeys.errors.tooMany',
  'security:authenticator.codesLeft',
  'server:batchUpload.tooManyRows',
  'server:export.tooManyRows',
  'validation:minValue',
  'validation:maxValue',
  'validation:passwordTooSimilar',
  'profile:password.rules.minLength',
  'stock:deviceSettings.values.seconds',
  // '2 of 5 devices': the noun follows the limit, which is never one.
  'devices:dashboard.count',
  // 'Devices: 1', a count link's name: the bare number after the resource's (plural) name.
  'admin:schema.countOf',
]);

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

const namespaceFiles = readdirSync(join(LOCALES_DIR, 'en')).filter((f) => f.endsWith('.json')).sort();

describe('translations', () => {
  it('has English namespace files to compare against', () => {
    expect(namespaceFiles).toContain('translation.json');
  });

  for (const file of namespaceFiles) {
    const namespace = file.replace(/\.json$/, '');
    const english = readNamespace('en', file)!;

    describe(namespace, () => {
      it.each(OTHER_LANGUAGES)(`${namespace} is complete in %s`, (language) => {
        const translated = readNamespace(language, file);
        expect(translated, `resources/locales/${language}/${file} is missing`).toBeDefined();
        const problems: string[] = [];
        for (const [key, englishValue] of english) {
          const value = translated!.get(key);
          if (value === undefined) {
            problems.push(`${key}: missing`);
          } else if (typeof value !== typeof englishValue) {
            problems.push(`${key}: is a ${typeof value}, English has a ${typeof englishValue}`);
          } else if (typeof value === 'string' && typeof englishValue === 'string') {
            if (value.trim() === '' && englishValue.trim() !== '') problems.push(`${key}: empty`);
            else if (value === englishValue && !mayEqualEnglish(language, namespace, key, value)) problems.push(`${key}: not translated ("${value}")`);
            if (placeholders(value).join() !== placeholders(englishValue).join()) {
              problems.push(`${key}: placeholders ${placeholders(value).join(', ') || 'none'} differ from English ${placeholders(englishValue).join(', ')}`);
            }
          }
        }
        expect(problems, `resources/locales/${language}/${file}`).toEqual([]);
      });
    });
  }

  // '1 devices', '2 subscription(s)': a count's noun takes its plural form from i18next's
  // key_one/key_other (react-admin's smart_count), in every language.
  it.each(['en', ...OTHER_LANGUAGES])('names every count in its plural forms in %s', (language) => {
    const problems: string[] = [];
    for (const file of namespaceFiles) {
      const namespace = file.replace(/\.json$/, '');
      for (const [key, value] of readNamespace(language, file) ?? []) {
        if (typeof value !== 'string') continue;
        if (/\{\{\s*(count|smart_count)\s*\}\}/.test(value) && !PLURAL_SUFFIX.test(key) && !COUNT_WITHOUT_PLURAL.has(`${namespace}:${key}`)) problems.push(`${namespace}:${key}: "${value}"`);
        // Not 'watch(es)', 'Uhr(en)', 'klocka/klockor'.
        if (/\p{L}\((s|es|e|er|en|r|n)\)|klocka\/klockor/u.test(value)) problems.push(`${namespace}:${key}: a plural in brackets: "${value}"`);
        if (PLURAL_SUFFIX.test(key) && key.endsWith('_one') && !readNamespace(language, file)?.has(key.replace(/_one$/, '_other'))) problems.push(`${namespace}:${key}: no _other form`);
      }
    }
    expect(problems).toEqual([]);
  });

  // Danish 'logge' is the verb (to log); the noun is 'log', in the plural too.
  it('calls logs "log" in Danish, not the verb "logge"', () => {
    const problems = namespaceFiles.flatMap((file) => [...(readNamespace('da', file) ?? [])].filter(([, value]) => typeof value === 'string' && /\b[Ll]ogge\b(?! (ind|ud|på|dig|sig))/.test(value)).map(([key, value]) => `${file}:${key}: ${String(value)}`));
    expect(problems).toEqual([]);
  });
});
