import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PROJECT_ROOT } from '../config';

/**
 * The embedded database's template: an empty cluster with every migration run, made by
 * `npm run build` into build/ and loaded into an empty data folder instead of making a cluster
 * (initdb) and migrating it, which was most of a first start. Nothing per install is in it (no
 * keys, passwords, tenants or demo data: those are made at start, as before).
 *
 * It is used only when it was made from the same migrations (names and source text) on the same
 * PGlite as the server starting: otherwise it is ignored and the folder is migrated from scratch.
 */
export const TEMPLATE_DUMP = 'data-template.tar.gz';
export const TEMPLATE_MANIFEST = 'data-template.json';

/** What a template was made from. */
export interface TemplateManifest {
  /** SHA-256 of the PGlite version and each migration's name and source. */
  key: string;
  pglite: string;
  migrations: string[];
  /** When it was migrated (the migrations' executed_at). */
  made: string;
}

/** Whether a start used the template, and if not, why not. */
export type TemplateUse =
  | { used: true; migrations: number; made: string }
  | { used: false; reason: 'not fresh' | 'none' | 'stale'; detail?: string };

/** The PGlite version installed (its data folders are its own format). */
async function pgliteVersion(): Promise<string> {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const file = path.join(dir, 'package.json');
    try {
      const pkg = JSON.parse(await fs.readFile(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    } catch {
      // No package.json here: one folder up.
    }
    const parent = path.dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}

/** SHA-256 of a migration's source text, as the template's key takes it. */
const sourceHash = (source: string): string => createHash('sha256').update(source).digest('hex');

/**
 * Each migration's source hash, written into the server bundle when it is built
 * (scripts/server-bundle.mjs): the bundle runs the migrations it was built from, so it needs no
 * sources at start, and an install shipped without server/ still uses its template. Undefined when
 * the server runs from its sources.
 */
declare const __VIGIL_MIGRATION_HASHES: Readonly<Record<string, string>> | undefined;
const builtHashes = (): Readonly<Record<string, string>> | undefined => (typeof __VIGIL_MIGRATION_HASHES === 'undefined' ? undefined : __VIGIL_MIGRATION_HASHES);

/** A migration's source hash: from the bundle when built, else from its file; null when neither has it. */
async function migrationHash(name: string, root: string, built = builtHashes()): Promise<string | null> {
  if (built) return built[name] ?? null;
  try {
    return sourceHash(await fs.readFile(path.join(root, 'server', 'db', 'migrations', `${name}.ts`), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The key of the migrations this server runs, from their sources (server/db/migrations, or their
 * hashes in the bundle): a migration edited after the template was made changes it, not only one
 * added or removed. Null when a source is missing (the template is then not used).
 */
export async function templateKey(migrations: readonly string[], root = PROJECT_ROOT, built = builtHashes()): Promise<{ key: string; pglite: string } | null> {
  const pglite = await pgliteVersion();
  const hash = createHash('sha256').update(`pglite ${pglite}\n`);
  for (const name of migrations) {
    const source = await migrationHash(name, root, built);
    if (!source) return null;
    hash.update(`${name}\n${source}\n`);
  }
  return { key: hash.digest('hex'), pglite };
}

/** Writes the template's dump and manifest into `dir`, each renamed into place whole. */
export async function writeTemplate(dir: string, dump: Blob, manifest: TemplateManifest): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  const write = async (name: string, data: Uint8Array | string) => {
    const temporary = path.join(dir, `${name}.${process.pid}.tmp`);
    await fs.writeFile(temporary, data);
    await fs.rename(temporary, path.join(dir, name));
  };
  // The manifest last: a dump without its manifest is never used.
  await fs.rm(path.join(dir, TEMPLATE_MANIFEST), { force: true });
  await write(TEMPLATE_DUMP, new Uint8Array(await dump.arrayBuffer()));
  await write(TEMPLATE_MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
}

/** The template in `dir` when it fits these migrations and this PGlite, or why it does not. */
export async function readTemplate(dir: string, migrations: readonly string[]): Promise<{ dump: Blob; manifest: TemplateManifest } | { reason: 'none' | 'stale'; detail?: string }> {
  let manifest: TemplateManifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(dir, TEMPLATE_MANIFEST), 'utf8')) as TemplateManifest;
  } catch {
    return { reason: 'none' };
  }
  if (typeof manifest?.key !== 'string' || !Array.isArray(manifest.migrations)) return { reason: 'stale', detail: 'its manifest is not one this version writes' };
  const expected = await templateKey(migrations);
  if (!expected) return { reason: 'none', detail: 'the migrations’ sources are not there' };
  if (manifest.key !== expected.key) {
    const missing = migrations.filter((m) => !manifest.migrations.includes(m));
    const extra = manifest.migrations.filter((m) => !migrations.includes(m));
    const detail =
      manifest.pglite !== expected.pglite
        ? `made with PGlite ${manifest.pglite}, this is ${expected.pglite}`
        : missing.length || extra.length
          ? `made for other migrations (${[...missing.map((m) => `without ${m}`), ...extra.map((m) => `with ${m}`)].join(', ')})`
          : 'made from migrations edited since';
    return { reason: 'stale', detail };
  }
  try {
    return { dump: new Blob([await fs.readFile(path.join(dir, TEMPLATE_DUMP))]), manifest };
  } catch {
    return { reason: 'none' };
  }
}
