import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { KNOWN_MIGRATIONS, makeDataTemplate, migrate, openDatabase, type DatabaseHandle, type Db } from '../../server/db/database';
import { TEMPLATE_MANIFEST, templateKey, type TemplateManifest } from '../../server/db/data-template';
import { PROJECT_ROOT } from '../../server/config';
import { HISTORY_DEFAULT_DAYS, DAY_MS, AHEAD_DAYS, rangesCovering } from '../../server/history/classes';
import { databaseMigratedTo } from '../support/migrated-to';
import { DATABASES } from '../support/server';

/**
 * The embedded database's template (`npm run build`, server/db/data-template.ts): a new data
 * folder made from it is the database a migration from scratch makes (migrations, tables,
 * columns, indexes and the history's time ranges), also when loaded on a later day than it was
 * made; a template made from other migrations is not used.
 */

const scratch: string[] = [];
const opened: DatabaseHandle[] = [];
let templateDir = '';

async function folder(name: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `vigil-${name}-`));
  scratch.push(dir);
  return dir;
}

async function open(opts: { dataDir: string; dataTemplate?: string; memoryTemplate?: string }): Promise<DatabaseHandle> {
  const handle = await openDatabase({ databaseUrl: '', ...opts });
  opened.push(handle);
  return handle;
}

/** What a schema is made of, in an order that does not depend on how it was made. */
async function schemaOf(db: Db) {
  const migrations = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  const columns = await sql`
    select table_name, column_name, ordinal_position, data_type, column_default, is_nullable
    from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`.execute(db);
  const indexes = await sql`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by tablename, indexname`.execute(db);
  const constraints = await sql`
    select c.conrelid::regclass::text as on_table, c.conname, pg_get_constraintdef(c.oid) as def
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public' order by 1, 2`.execute(db);
  const partitions = await sql<{ parent: string; partition: string; bound: string }>`
    select p.relname as parent, c.relname as partition, pg_get_expr(c.relpartbound, c.oid) as bound
    from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent order by 1, 2`.execute(db);
  const triggers = await sql`select event_object_table, trigger_name, action_statement from information_schema.triggers order by 1, 2, 3`.execute(db);
  return { migrations: migrations.rows.map((r) => r.name), columns: columns.rows, indexes: indexes.rows, constraints: constraints.rows, partitions: partitions.rows, triggers: triggers.rows };
}

beforeAll(async () => {
  templateDir = await folder('template');
  await makeDataTemplate(templateDir);
}, 120_000);

afterAll(async () => {
  vi.useRealTimers();
  for (const handle of opened) await handle.close();
  for (const dir of scratch) await fs.rm(dir, { recursive: true, force: true });
});

describe('the database template a build makes', () => {
  it('records the migrations it holds and the PGlite it was made with', async () => {
    const manifest = JSON.parse(await fs.readFile(path.join(templateDir, TEMPLATE_MANIFEST), 'utf8')) as TemplateManifest;
    expect(manifest.migrations).toEqual(KNOWN_MIGRATIONS);
    expect(manifest.key).toBe((await templateKey(KNOWN_MIGRATIONS))?.key);
  });

  it('makes a new data folder that is the database a migration from scratch makes', async () => {
    const dataDir = path.join(await folder('data'), 'data');
    const loaded = await open({ dataDir, dataTemplate: templateDir });
    expect(loaded.template).toMatchObject({ used: true, migrations: KNOWN_MIGRATIONS.length });
    // Nothing is left to migrate.
    expect(await migrate(loaded.db)).toEqual([]);

    // The api tests' own template: every migration run from scratch on a new cluster, today.
    const fromScratch = await open({ dataDir: 'memory://', memoryTemplate: inject('pgliteTemplate') });
    expect(await schemaOf(loaded.db)).toEqual(await schemaOf(fromScratch.db));

    // A second start finds a data folder of its own: the template is not loaded over it.
    await loaded.close();
    const again = await open({ dataDir, dataTemplate: templateDir });
    expect(again.template).toEqual({ used: false, reason: 'not fresh' });
  }, 120_000);

  it('gives the history the time ranges of the day it is loaded on, not of the day it was made', async () => {
    // Forty days after the build: a migration that day makes other ranges than the template holds.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 40 * DAY_MS });
    try {
      const loaded = await open({ dataDir: path.join(await folder('later'), 'data'), dataTemplate: templateDir });
      expect(loaded.template).toMatchObject({ used: true });
      const fromScratch = await open({ dataDir: 'memory://' });
      await migrate(fromScratch.db);
      const ofLoaded = await schemaOf(loaded.db);
      expect(ofLoaded).toEqual(await schemaOf(fromScratch.db));
      const now = Date.now();
      const expected = rangesCovering('positions', HISTORY_DEFAULT_DAYS, new Date(now - HISTORY_DEFAULT_DAYS * DAY_MS), new Date(now + AHEAD_DAYS * DAY_MS)).map((r) => r.name);
      const ranges = ofLoaded.partitions.map((p) => p.partition).filter((name) => /^positions_k90_d\d+$/.test(name));
      expect(ranges.sort()).toEqual(expected.sort());
    } finally {
      vi.useRealTimers();
    }
  }, 180_000);

  it('is not used when made from other migrations, and the folder is migrated from scratch', async () => {
    const stale = await folder('stale');
    await fs.cp(templateDir, stale, { recursive: true });
    const manifestFile = path.join(stale, TEMPLATE_MANIFEST);
    const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as TemplateManifest;
    // Made before the last migration was written.
    await fs.writeFile(manifestFile, JSON.stringify({ ...manifest, key: 'a'.repeat(64), migrations: manifest.migrations.slice(0, -1) }));

    const handle = await open({ dataDir: path.join(await folder('data'), 'data'), dataTemplate: stale });
    expect(handle.template).toEqual({ used: false, reason: 'stale', detail: `made for other migrations (without ${KNOWN_MIGRATIONS.at(-1)})` });
    expect(await migrate(handle.db)).toEqual(KNOWN_MIGRATIONS.toSorted());
  }, 120_000);

  it('is not used when a migration it holds was edited since', async () => {
    // The key follows each migration's source: a copy of the sources with one migration changed.
    const root = await folder('sources');
    await fs.cp(path.join(PROJECT_ROOT, 'server', 'db', 'migrations'), path.join(root, 'server', 'db', 'migrations'), { recursive: true });
    const edited = path.join(root, 'server', 'db', 'migrations', `${KNOWN_MIGRATIONS[0]}.ts`);
    await fs.appendFile(edited, '\n// edited\n');
    const editedKey = await templateKey(KNOWN_MIGRATIONS, root);
    await fs.rm(root, { recursive: true, force: true });
    expect(editedKey).not.toBeNull();
    expect(editedKey?.key).not.toBe((await templateKey(KNOWN_MIGRATIONS))?.key);

    const stale = await folder('edited');
    await fs.cp(templateDir, stale, { recursive: true });
    const manifestFile = path.join(stale, TEMPLATE_MANIFEST);
    const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as TemplateManifest;
    await fs.writeFile(manifestFile, JSON.stringify({ ...manifest, key: editedKey?.key }));
    const handle = await open({ dataDir: path.join(await folder('data'), 'data'), dataTemplate: stale });
    expect(handle.template).toEqual({ used: false, reason: 'stale', detail: 'made from migrations edited since' });
  }, 120_000);
});

describe.each(DATABASES)('a start on a migrated database ($name)', ({ url }) => {
  it('runs no migration, and still refuses a database a newer version migrated', async () => {
    const { db, close } = await databaseMigratedTo(url, KNOWN_MIGRATIONS.toSorted().at(-1)!);
    try {
      expect(await migrate(db)).toEqual([]);
      await sql`insert into kysely_migration (name, timestamp) values ('999_of_a_newer_version', ${new Date().toISOString()})`.execute(db);
      await expect(migrate(db)).rejects.toThrow(/999_of_a_newer_version/);
    } finally {
      await close();
    }
  }, 120_000);
});
