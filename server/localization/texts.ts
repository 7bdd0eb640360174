import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../config';
import { findLanguage, LANGUAGES, DEFAULT_LANGUAGE } from '../../common/languages';

/**
 * Translations on the server: the same files the web app loads (resources/locales/<folder>/<ns>.json).
 * Read once per process; a language missing a key falls back to English, then to the key itself.
 */
export const LOCALES_DIR = path.join(PROJECT_ROOT, 'resources', 'locales');

type Tree = { [key: string]: string | Tree };
const cache = new Map<string, Tree>();

export function readNamespace(folder: string, ns: string): Tree {
  const id = `${folder}/${ns}`;
  let tree = cache.get(id);
  if (!tree) {
    const file = path.join(LOCALES_DIR, folder, `${ns}.json`);
    tree = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Tree) : {};
    cache.set(id, tree);
  }
  return tree;
}

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Folder of a culture name or alias ('da-DK' -> 'da'); English for anything unknown. */
export function folderOf(lang: string): string {
  return findLanguage(lang)?.folder ?? DEFAULT_LANGUAGE.folder;
}

/**
 * Translates `ns:key` (namespace defaults to 'server') into `lang`, filling `{{name}}` and ABP's
 * `{0}`-style placeholders from `values`.
 */
export function translate(fullKey: string, lang: string, values: Record<string, string | number> = {}): string {
  const [ns, key] = fullKey.includes(':') ? (fullKey.split(':', 2) as [string, string]) : ['server', fullKey];
  const text = lookup(readNamespace(folderOf(lang), ns), key) ?? lookup(readNamespace('en', ns), key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}|\{(\w+)\}/g, (whole, a: string | undefined, b: string | undefined) => {
    const name = (a ?? b)!;
    return name in values ? String(values[name]) : whole;
  });
}

/** A whole namespace flattened to dotted keys (for ABP's localization.values). */
export function flatten(tree: Tree, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else flatten(v, key, out);
  }
  return out;
}

export const KNOWN_FOLDERS = new Set(LANGUAGES.map((l) => l.folder));
