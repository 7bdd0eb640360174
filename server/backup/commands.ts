import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config';
import type { BackupManifest } from './archive';
import { backupFileName, restoreDatabase } from './backups';
import { controlAnswers, controlRequest, controlSocketPath } from './control-socket';
import { backupPglite, type RestoreResult } from './pglite-backup';
import { backupPostgres } from './postgres-backup';

/**
 * `npm run backup [-- <file>]`: PostgreSQL through pg_dump; the embedded database through the
 * running Vigil's control socket, or opened here when Vigil is stopped. The file defaults to
 * BACKUP_DIR (or ./backups) with a time-stamped name.
 */
export async function backupCommand(config: Config, file?: string): Promise<{ file: string; manifest: BackupManifest; via: 'pg_dump' | 'running server' | 'data folder' }> {
  const target = path.resolve(file ?? path.join(config.backup.dir || 'backups', backupFileName()));
  if (config.databaseUrl) return { file: target, manifest: await backupPostgres(config.databaseUrl, target), via: 'pg_dump' };
  const socket = controlSocketPath(config.dataDir);
  if (await controlAnswers(socket)) {
    const answer = await controlRequest(socket, { op: 'backup', file: target });
    if (!answer.ok) throw new Error(`Vigil could not write the backup: ${answer.error}`);
    return { file: target, manifest: answer.result as BackupManifest, via: 'running server' };
  }
  const exists = await fs.stat(path.join(config.dataDir, 'PG_VERSION')).then(() => true, () => false);
  if (!exists) throw new Error(`There is no database in ${config.dataDir} (DATA_DIR) to back up.`);
  const pglite = await PGlite.create(config.dataDir);
  try {
    return { file: target, manifest: await backupPglite(pglite, target), via: 'data folder' };
  } finally {
    await pglite.close();
  }
}

/** `npm run restore -- <file> [--replace]` into DATA_DIR, or the database at DATABASE_URL. */
export async function restoreCommand(config: Config, file: string, opts: { replace: boolean }): Promise<RestoreResult> {
  return restoreDatabase(config, path.resolve(file), opts);
}
