import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import englishMessages from 'ra-language-english';

/**
 * react-admin's own texts (ra.*) come from ra-language-english for English and from each
 * language's admin.json otherwise: every ra-language-english key must be there, with the same
 * placeholders.
 */
type Tree = { [key: string]: Tree | string };

function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else flatten(value, path, out);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort().join();
const english = flatten(convertRaTranslationsToI18next(englishMessages) as Tree);

describe.each(['da', 'de', 'sv', 'nb'])('ra.* in %s/admin.json', (language) => {
  const file = join(import.meta.dirname, '..', '..', 'resources', 'locales', language, 'admin.json');
  const translated = flatten(JSON.parse(readFileSync(file, 'utf8')) as Tree);

  it('has every react-admin key with the same placeholders', () => {
    const problems: string[] = [];
    for (const [key, text] of english) {
      const value = translated.get(key);
      if (value === undefined) problems.push(`${key}: missing`);
      // A singular form may name the item instead of counting it.
      else if (!key.endsWith('_one') && placeholders(value) !== placeholders(text)) problems.push(`${key}: placeholders differ`);
    }
    expect(problems).toEqual([]);
  });
});
