import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { PrivacyExportsTable } from './tables';

export type ExportRow = Selectable<PrivacyExportsTable>;

/** Abuse limits of exports (each reads a subject's whole history): per user, at once and per hour. */
export const EXPORT_LIMITS = { atOnce: 2, perHour: 10 } as const;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export const exportDto = (row: ExportRow) => ({
  id: row.id,
  subjectType: row.subject_type,
  subjectId: row.subject_id,
  subjectName: row.subject_name,
  state: row.state,
  progress: row.progress,
  bytes: row.bytes,
  creationTime: new Date(row.creation_time).toISOString(),
  finishedTime: iso(row.finished_time),
  downloadedTime: iso(row.downloaded_time),
});

/** Why the user may not start another export now (and when to try again), or null. */
export async function exportLimitProblem(db: Db, userId: string): Promise<{ reason: 'tooManyRunning' | 'tooManyPerHour'; retryAfter: number } | null> {
  const hourAgo = new Date(Date.now() - 3_600_000);
  const rows = await db.selectFrom('privacy_exports').select(['state', 'creation_time']).where('requested_by', '=', userId).where('creation_time', '>', hourAgo).execute();
  const open = rows.filter((r) => r.state === 'queued' || r.state === 'running').length;
  if (open >= EXPORT_LIMITS.atOnce) return { reason: 'tooManyRunning', retryAfter: 10 };
  if (rows.length >= EXPORT_LIMITS.perHour) {
    const oldest = Math.min(...rows.map((r) => new Date(r.creation_time).getTime()));
    return { reason: 'tooManyPerHour', retryAfter: Math.max(1, Math.ceil((oldest + 3_600_000 - Date.now()) / 1000)) };
  }
  return null;
}
