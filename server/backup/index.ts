import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import { durabilityWarnings } from '../db/durability';
import type { JobQueue } from '../jobs';
import { backupDatabase } from './backups';
import { controlSocketPath, serveControlSocket } from './control-socket';
import { scheduleBackups } from './schedule';

export { BackupRefused, openBackup, type BackupManifest } from './archive';

/**
 * Backups of the running server: the control socket `npm run backup` talks to (embedded database
 * only: no other process may open it), scheduled backups into BACKUP_DIR, and on PostgreSQL the
 * check that the server's settings keep acknowledged writes.
 */
export async function backupModule(app: FastifyInstance, opts: { database: DatabaseHandle; config: Config; jobs: JobQueue }): Promise<void> {
  const { database, config, jobs } = opts;
  if (database.kind === 'postgres') {
    for (const warning of await durabilityWarnings(database.db)) app.log.warn(warning);
  }
  if (database.pglite && !config.dataDir.startsWith('memory://')) {
    const control = await serveControlSocket(
      controlSocketPath(config.dataDir),
      async (request) => {
        if (request.op !== 'backup' || typeof request.file !== 'string' || !path.isAbsolute(request.file)) throw new Error('expected { op: "backup", file: <absolute path> }');
        return backupDatabase(database, config, request.file);
      },
      app.log,
    );
    app.addHook('onClose', async () => control.close());
  }
  if (config.backup.dir) {
    const schedule = scheduleBackups(jobs, database, config, config.backup, app.log);
    if (config.workers) app.addHook('onReady', schedule.enqueueFirst);
  }
}
