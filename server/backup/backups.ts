import type { DatabaseHandle } from '../db/database';
import { KNOWN_MIGRATIONS } from '../db/database';
import type { BackupManifest } from './archive';
import { backupPglite, restorePglite, type RestoreResult } from './pglite-backup';
import { backupPostgres, restorePostgres } from './postgres-backup';

/** Where a backup comes from or goes to: the PostgreSQL URL when set, otherwise the embedded data folder. */
export interface BackupTarget {
  databaseUrl: string;
  dataDir: string;
}

/** Writes a backup of an open database (the running server's own handle). */
export async function backupDatabase(database: DatabaseHandle, target: BackupTarget, file: string): Promise<BackupManifest> {
  if (database.pglite) return backupPglite(database.pglite, file);
  return backupPostgres(target.databaseUrl, file);
}

/** Restores a backup into the configured database; see restorePglite / restorePostgres for what is refused. */
export async function restoreDatabase(target: BackupTarget, file: string, opts: { replace: boolean }): Promise<RestoreResult> {
  const options = { replace: opts.replace, knownMigrations: KNOWN_MIGRATIONS };
  return target.databaseUrl ? restorePostgres(file, target.databaseUrl, options) : restorePglite(file, target.dataDir, options);
}

/** A backup file name that sorts by time: vigil-20261125T051500Z.vigil-backup. */
export function backupFileName(date = new Date()): string {
  return `vigil-${date.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}.vigil-backup`;
}
