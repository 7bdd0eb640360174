import fs from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseHandle } from '../db/database';
import { periodicJob, type JobQueue, type NoPayload } from '../jobs';
import { backupDatabase, backupFileName, type BackupTarget } from './backups';

export const BACKUP_JOB = 'backup.scheduled';

declare module '../jobs/catalogue' {
  interface JobPayloads {
    [BACKUP_JOB]: NoPayload;
  }
}

export interface BackupSchedule {
  /** BACKUP_DIR: where scheduled backups are written; empty turns them off. */
  dir: string;
  /** BACKUP_KEEP: how many scheduled backups are kept (the oldest beyond are removed). */
  keep: number;
  /** BACKUP_EVERY_HOURS, in ms: backups run at each multiple of this since 1970 (UTC midnight for 24 h). */
  everyMs: number;
}

/** Removes the oldest scheduled backups beyond `keep` (only files this schedule names). */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await fs.readdir(dir)).filter((n) => /^vigil-\d{8}T\d{6}Z\.vigil-backup$/.test(n)).sort();
  const extra = names.slice(0, Math.max(0, names.length - keep));
  for (const name of extra) await fs.rm(path.join(dir, name), { force: true });
  return extra;
}

/**
 * Scheduled backups as jobs on the shared queue: one per slot across all nodes (its unique key),
 * retried with backoff when the disk or database fails, each run enqueueing the next.
 */
export function scheduleBackups(
  jobs: JobQueue,
  database: DatabaseHandle,
  target: BackupTarget,
  schedule: BackupSchedule,
  log: { info(obj: object, msg: string): void },
): { enqueueFirst(): Promise<void> } {
  const periodic = periodicJob(database.db, BACKUP_JOB, schedule.everyMs, async () => {
    await fs.mkdir(schedule.dir, { recursive: true });
    const file = path.join(schedule.dir, backupFileName());
    const started = performance.now();
    const manifest = await backupDatabase(database, target, file);
    const removed = await pruneBackups(schedule.dir, schedule.keep);
    log.info({ file, bytes: manifest.payloadBytes, ms: Math.round(performance.now() - started), removed }, 'scheduled backup written');
  });
  jobs.registerJobKind(periodic.kind);
  return periodic;
}
