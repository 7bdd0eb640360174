import type { Db } from '../db/database';
import type { JobKind } from '../jobs';
import { buildExport } from './export-builder';
import { loadSubject } from './subject';

export const PRIVACY_EXPORT_JOB = 'privacy.export';

export interface ExportJobData {
  exportId: string;
}

declare module '../jobs/catalogue' {
  interface JobPayloads {
    [PRIVACY_EXPORT_JOB]: ExportJobData;
  }
}

/**
 * Makes one export's archive: the record goes running, its progress is written as batches are
 * read, and the archive lands with state ready. A subject gone meanwhile (erased) fails the export;
 * an export no longer queued or running (deleted by an erasure) is left alone.
 */
export function exportJobKind(db: Db): JobKind<typeof PRIVACY_EXPORT_JOB> {
  const fail = async (exportId: string, error: string) => {
    await db.updateTable('privacy_exports').set({ state: 'failed', error: error.slice(0, 500), finished_time: new Date() }).where('id', '=', exportId).where('state', 'in', ['queued', 'running']).execute();
  };
  return {
    kind: PRIVACY_EXPORT_JOB,
    maxAttempts: 3,
    backoff: (attempts) => 5_000 * 2 ** attempts,
    concurrency: 2,
    // A big history takes a while; its lease is renewed by no one, so it is long.
    leaseMs: 30 * 60_000,
    async run(job) {
      const exportId = String(job.payload.exportId);
      const row = await db.selectFrom('privacy_exports').selectAll().where('id', '=', exportId).where('state', 'in', ['queued', 'running']).executeTakeFirst();
      if (!row) return { done: true };
      const subject = await loadSubject(db, row.subject_type, row.subject_id, row.tenant_id);
      if (!subject) {
        await fail(exportId, 'the subject is gone');
        return { failed: 'the subject is gone' };
      }
      await db.updateTable('privacy_exports').set({ state: 'running', progress: 0 }).where('id', '=', exportId).execute();
      let last = 0;
      const archive = await buildExport(db, subject, { exportId, requestedBy: row.requested_by, createdAt: new Date(row.creation_time) }, async (percent) => {
        if (percent === last) return;
        last = percent;
        await db.updateTable('privacy_exports').set({ progress: percent }).where('id', '=', exportId).where('state', '=', 'running').execute();
      });
      await db
        .updateTable('privacy_exports')
        .set({ state: 'ready', progress: 100, archive, bytes: archive.length, finished_time: new Date() })
        .where('id', '=', exportId)
        .where('state', '=', 'running')
        .execute();
      return { done: true };
    },
    onFailed: (job, error) => fail(String(job.payload.exportId), error),
  };
}
