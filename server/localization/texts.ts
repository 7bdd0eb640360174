import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../config';
import { findLanguage, LANGUAGES, DEFAULT_LANGUAGE } from '../../common/languages';
import { overridesGeneration, overridesOf } from './overrides';

/**
 * Translations on the server: the same files the web app loads (resources/locales/<folder>/<ns>.json),
 * namespaces made at run time (the schema engine's 'schemas'), and over both the texts changed in
 * the back office (overrides.ts, kept current by override-sync.ts). Files are read once per
 * process; a language missing a key falls back to English, then to the key itself.
 */
export const LOCALES_DIR = path.join(PROJECT_ROOT, 'resources', 'locales');

export type Tree = { [key: string]: string | Tree };
const files = new Map<string, Tree>();

function fileNamespace(folder: string, ns: string): Tree {
  const id = `${folder}/${ns}`;
  let tree = files.get(id);
  if (!tree) {
    const file = path.join(LOCALES_DIR, folder, `${ns}.json`);
    tree = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Tree) : {};
    files.set(id, tree);
  }
  return tree;
}

/** The namespace files there are (English has them all). */
export const FILE_NAMESPACES: readonly string[] = fs
  .readdirSync(path.join(LOCALES_DIR, 'en'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5))
  .sort();

type Generator = (folder: string) => object;
let generated: Record<string, Generator> = {};
let generatedSerial = 0;

/**
 * Registers run-time namespaces (by name, a tree per language folder); results are cached, so a
 * generator must be pure. Returns the function that unregisters them.
 */
export function registerGeneratedNamespaces(namespaces: Record<string, Generator>): () => void {
  const cache = new Map<string, object>();
  const cachedGenerator = (ns: string, make: Generator): Generator => (folder) => {
    const id = `${ns}/${folder}`;
    let tree = cache.get(id);
    if (!tree) cache.set(id, (tree = make(folder)));
    return tree;
  };
  const mine = Object.fromEntries(Object.entries(namespaces).map(([ns, make]) => [ns, cachedGenerator(ns, make)]));
  generated = mine;
  generatedSerial += 1;
  return () => {
    if (generated !== mine) return;
    generated = {};
    generatedSerial += 1;
  };
}

/** Every namespace (resource) that can be translated: the files and the generated ones. */
export function namespaceNames(): string[] {
  return [...new Set([...FILE_NAMESPACES, ...Object.keys(generated)])].sort();
}

export function isNamespace(ns: string): boolean {
  return FILE_NAMESPACES.includes(ns) || Object.hasOwn(generated, ns);
}

/** A namespace as shipped (file or generated), without overrides. */
export function baseNamespace(folder: string, ns: string): Tree {
  return Object.hasOwn(generated, ns) ? (generated[ns]!(folder) as Tree) : fileNamespace(folder, ns);
}

function withText(tree: Tree, key: string, text: string): void {
  const parts = key.split('.');
  let node = tree;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next === 'string') return; // a text cannot also be a group
    node = next ?? (node[part] = {});
  }
  node[parts.at(-1)!] = text;
}

const merged = new Map<string, { stamp: string; tree: Tree }>();

/** A namespace as served: the shipped texts with the back office's overrides over them. */
export function readNamespace(folder: string, ns: string): Tree {
  const overrides = overridesOf(folder, ns);
  const base = baseNamespace(folder, ns);
  if (!overrides?.size) return base;
  const id = `${folder}/${ns}`;
  const stamp = `${overridesGeneration()}:${generatedSerial}`;
  const hit = merged.get(id);
  if (hit?.stamp === stamp) return hit.tree;
  const tree = structuredClone(base);
  for (const [key, text] of overrides) withText(tree, key, text);
  merged.set(id, { stamp, tree });
  return tree;
}

export function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A language's own text of a key (override, else shipped), without falling back to English. */
export function ownText(folder: string, ns: string, key: string): string | undefined {
  return overridesOf(folder, ns)?.get(key) ?? lookup(baseNamespace(folder, ns), key);
}

/** Folder of a culture name or alias ('da-DK' -> 'da'); English for anything unknown. */
export function folderOf(lang: string): string {
  return findLanguage(lang)?.folder ?? DEFAULT_LANGUAGE.folder;
}

/**
 * A language's text of a key; with a numeric `count`, its plural form as i18next picks it in the
 * browser (`key_one`, `key_other`, by the language's plural rules), else the plain key.
 */
function textFor(folder: string, ns: string, key: string, count: string | number | undefined): string | undefined {
  if (typeof count === 'number') {
    const form = new Intl.PluralRules(folder).select(count);
    const plural = ownText(folder, ns, `${key}_${form}`) ?? ownText(folder, ns, `${key}_other`);
    if (plural !== undefined) return plural;
  }
  return ownText(folder, ns, key);
}

/**
 * Translates `ns:key` (namespace defaults to 'server') into `lang`, filling `{{name}}` and ABP's
 * `{0}`-style placeholders from `values`; a numeric `count` picks the key's plural form.
 */
export function translate(fullKey: string, lang: string, values: Record<string, string | number> = {}): string {
  const [ns, key] = fullKey.includes(':') ? (fullKey.split(':', 2) as [string, string]) : ['server', fullKey];
  const folder = folderOf(lang);
  const text = textFor(folder, ns, key, values.count) ?? textFor(DEFAULT_LANGUAGE.folder, ns, key, values.count) ?? key;
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
