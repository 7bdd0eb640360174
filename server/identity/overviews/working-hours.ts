import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import type { ValidationError } from '../../http/errors';
import { invalid, problem } from '../validation';

/**
 * A user's weekly working hours: entries of a day (0 Sunday ... 6 Saturday) from 'HH:mm' to
 * 'HH:mm' on the same day ('24:00' ends at midnight). A night shift is two entries, one on each
 * day. Entries of one day may touch but not overlap.
 */
export interface WorkingHours {
  dayOfWeek: number;
  start: string;
  end: string;
}

/** Checked entries (WORKING_HOURS) sorted by day and time, or a 400 naming each entry that ends before it starts or overlaps another. */
export function checkWorkingHours(entries: readonly WorkingHours[], lang: string): WorkingHours[] {
  const problems: ValidationError[] = [];
  entries.forEach((e, i) => {
    if (e.start >= e.end) problems.push(problem(`[${i}].end`, 'overviews.endBeforeStart', lang));
  });
  if (!problems.length) {
    const sorted = entries.map((e, i) => ({ ...e, i })).sort((a, b) => a.dayOfWeek - b.dayOfWeek || a.start.localeCompare(b.start));
    for (let k = 1; k < sorted.length; k++) {
      const prev = sorted[k - 1]!;
      const cur = sorted[k]!;
      if (prev.dayOfWeek === cur.dayOfWeek && cur.start < prev.end) problems.push(problem(`[${cur.i}].start`, 'overviews.overlap', lang));
    }
  }
  if (problems.length) throw invalid(lang, problems);
  return [...entries].sort((a, b) => a.dayOfWeek - b.dayOfWeek || a.start.localeCompare(b.start));
}

export async function workingHoursOf(db: Db, userIds: readonly string[]): Promise<Map<string, WorkingHours[]>> {
  const map = new Map(userIds.map((id) => [id, [] as WorkingHours[]]));
  if (userIds.length === 0) return map;
  const rows = await db
    .selectFrom('user_working_hours')
    .select(['user_id', 'day_of_week', 'start_time', 'end_time'])
    .where('user_id', 'in', userIds)
    .orderBy('day_of_week')
    .orderBy('start_time')
    .execute();
  for (const r of rows) map.get(r.user_id)?.push({ dayOfWeek: r.day_of_week, start: r.start_time, end: r.end_time });
  return map;
}

/** Replaces a user's working hours (inside the caller's transaction). */
export async function replaceWorkingHours(trx: Db, userId: string, tenantId: string | null, hours: readonly WorkingHours[]): Promise<void> {
  await trx.deleteFrom('user_working_hours').where('user_id', '=', userId).execute();
  if (hours.length) {
    await trx
      .insertInto('user_working_hours')
      .values(hours.map((h) => ({ id: randomUUID(), user_id: userId, tenant_id: tenantId, day_of_week: h.dayOfWeek, start_time: h.start, end_time: h.end })))
      .execute();
  }
}
