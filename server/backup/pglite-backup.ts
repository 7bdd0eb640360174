import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { BackupRefused, FORGET_API_NODES, openBackup, readPayload, refuseNewerTarget, refuseUnknownMigrations, writeBackup, type BackupManifest } from './archive';
import { controlAnswers, controlSocketPath } from './control-socket';

/** The migrations a database has run, oldest first (none on a database Vigil never started on). */
export async function pgliteMigrations(pglite: PGlite): Promise<string[]> {
  const exists = await pglite.query<{ found: string | null }>(`select to_regclass('public.kysely_migration')::text as found`);
  if (!exists.rows[0]?.found) return [];
  const { rows } = await pglite.query<{ name: string }>('select name from kysely_migration order by timestamp, name');
  return rows.map((r) => r.name);
}

/**
 * Writes a backup of a running embedded database. PGlite dumps its data folder while no query runs
 * (its own lock), so the copy is what a crash at that instant would leave: PostgreSQL's recovery
 * makes it consistent on the first start, with every committed transaction and no uncommitted one.
 * The checkpoint first keeps that recovery short.
 */
export async function backupPglite(pglite: PGlite, target: string): Promise<BackupManifest> {
  await pglite.query('checkpoint');
  const migrations = await pgliteMigrations(pglite);
  const dump = await pglite.dumpDataDir('gzip');
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-backup-'));
  try {
    const payload = path.join(scratch, 'pgdata.tar.gz');
    await fs.writeFile(payload, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    return await writeBackup(target, payload, { kind: 'pglite', createdAt: new Date().toISOString(), migrations });
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

async function hasFiles(dir: string): Promise<boolean> {
  try {
    return (await fs.readdir(dir)).length > 0;
  } catch {
    return false;
  }
}

const stampOf = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the database that was in the folder before was moved (kept, never deleted). */
  previous?: string;
}

/**
 * Restores an embedded-database backup into `dataDir`. Everything is checked before the folder is
 * touched: the file's checksum, that the data opens, that this Vigil knows its schema, that no
 * Vigil runs on the folder, and that the folder's own database is not newer. The backup is opened
 * in a staging folder next to the target, which is then swapped in; the old folder is kept aside.
 */
export async function restorePglite(file: string, dataDir: string, opts: { replace: boolean; knownMigrations: readonly string[] }): Promise<RestoreResult> {
  const { manifest, payloadOffset } = await openBackup(file);
  if (manifest.kind !== 'pglite') throw new BackupRefused('This is a backup of a PostgreSQL server: restore it with DATABASE_URL set to the target database.');
  const stamp = stampOf(new Date());
  const staging = `${dataDir}.restoring-${stamp}`;
  let migrations: string[];
  try {
    const restored = await PGlite.create(staging, { loadDataDir: new Blob([await readPayload(file, payloadOffset)]) });
    try {
      migrations = await pgliteMigrations(restored);
      await restored.exec(FORGET_API_NODES);
    } finally {
      await restored.close();
    }
  } catch (err) {
    await fs.rm(staging, { recursive: true, force: true });
    throw new BackupRefused(`${file} could not be opened as a database: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    refuseUnknownMigrations(migrations, opts.knownMigrations);
    let previous: string | undefined;
    if (await hasFiles(dataDir)) {
      if (await controlAnswers(controlSocketPath(dataDir))) throw new BackupRefused(`Vigil is running on ${dataDir}: stop it before restoring into that folder.`);
      if (!(await fs.stat(path.join(dataDir, 'PG_VERSION')).then(() => true, () => false))) {
        throw new BackupRefused(`${dataDir} holds files that are not a Vigil database; restore into an empty folder.`);
      }
      const current = await PGlite.create(dataDir);
      try {
        refuseNewerTarget(migrations, await pgliteMigrations(current));
      } finally {
        await current.close();
      }
      if (!opts.replace) throw new BackupRefused(`${dataDir} already holds a database. Restore into a fresh folder, or add --replace to move it aside (it is kept as ${dataDir}.before-restore-<time>).`);
      previous = `${dataDir}.before-restore-${stamp}`;
      await fs.rename(dataDir, previous);
    } else {
      await fs.rm(dataDir, { recursive: true, force: true });
      await fs.mkdir(path.dirname(dataDir), { recursive: true });
    }
    await fs.rename(staging, dataDir);
    return { manifest, ...(previous ? { previous } : {}) };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}
