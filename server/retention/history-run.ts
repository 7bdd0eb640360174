import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { EntityChange } from '../audit/tables';
import { AHEAD_DAYS, classTable, DAY_MS, expiresAt, HISTORY_CLASSES, HISTORY_TABLES, isHistoryClass, type HistoryClass, type HistoryTable } from '../history/classes';
import { ensureRanges, existingRanges } from '../history/partitions';
import { reclassify } from '../history/reclassify';

/** How long a drop waits for the table: longer would hold back every write queued behind it. */
const LOCK_TIMEOUT_MS = 100;

export interface HistoryRun {
  /** Ranges dropped, by table name. */
  dropped: string[];
  /** Ranges made ahead of need. */
  made: string[];
  /** Rows of clock-odd history removed from the default partitions. */
  removedFromDefault: number;
  /** Devices whose history moved to a new class, and how many rows it kept. */
  moved: { devices: number; rows: number };
  /** Ranges left for the next run because a long read held their table. */
  deferred: string[];
  ms: number;
}

/** Makes the host's default what RETENTION_HISTORY_DEFAULT_DAYS says; a change moves the history of tenants without their own. */
export async function syncHostDefault(db: Db, days: HistoryClass): Promise<void> {
  const host = await db.selectFrom('retention_host').select('default_days').executeTakeFirstOrThrow();
  if (host.default_days === days) return;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('retention_host').set({ default_days: days, pending: true }).execute();
    for (const table of Object.keys(HISTORY_TABLES)) await sql`alter table ${sql.table(table)} alter column keep_days set default ${sql.lit(days)}`.execute(trx);
  });
}

/** The classes history is written in now: the host's default and every tenant's own. */
export async function classesInUse(db: Db): Promise<HistoryClass[]> {
  const host = await db.selectFrom('retention_host').select('default_days').executeTakeFirstOrThrow();
  const tenants = await db.selectFrom('tenant_retention').select('history_days').distinct().execute();
  return [...new Set([host.default_days, ...tenants.map((t) => t.history_days)])].filter(isHistoryClass).sort((a, b) => a - b);
}

const isLockTimeout = (error: unknown) => (error as { code?: string }).code === '55P03';

/**
 * One retention run of the history: ranges made over the period and a week ahead for the classes
 * in use (a watch back online sends old fixes), history whose class changed moved first (so
 * nothing a longer period keeps is dropped), then every range that ended a class ago dropped
 * whole, and the default partitions' rows past their class removed. Leaves an audit entry.
 */
export async function runHistoryRetention(db: Db, now = new Date()): Promise<HistoryRun> {
  const began = performance.now();
  const run: HistoryRun = { dropped: [], made: [], removedFromDefault: 0, moved: { devices: 0, rows: 0 }, deferred: [], ms: 0 };
  for (const days of await classesInUse(db)) {
    for (const table of Object.keys(HISTORY_TABLES) as HistoryTable[]) {
      run.made.push(...(await ensureRanges(db, table, days, new Date(now.getTime() - days * DAY_MS), new Date(now.getTime() + AHEAD_DAYS * DAY_MS), LOCK_TIMEOUT_MS).catch((e: unknown) => (isLockTimeout(e) ? [] : Promise.reject(e)))));
    }
  }
  run.moved = await reclassify(db, now);
  for (const range of [...(await existingRanges(db)).values()].sort((a, b) => a.startDay - b.startDay)) {
    if (expiresAt(range) > now) continue;
    try {
      await db.transaction().execute(async (trx) => {
        await sql`select set_config('lock_timeout', ${`${LOCK_TIMEOUT_MS}ms`}, true)`.execute(trx);
        await sql`drop table ${sql.table(range.name)}`.execute(trx);
      });
      run.dropped.push(range.name);
    } catch (error) {
      if (!isLockTimeout(error)) throw error;
      run.deferred.push(range.name);
    }
  }
  for (const days of HISTORY_CLASSES) {
    for (const [table, time] of Object.entries(HISTORY_TABLES) as [HistoryTable, string][]) {
      const cutoff = new Date(now.getTime() - days * DAY_MS);
      const result = await sql`delete from ${sql.table(`${classTable(table, days)}_default`)} where ${sql.ref(time)} < ${cutoff}`.execute(db);
      run.removedFromDefault += Number(result.numAffectedRows ?? 0);
    }
  }
  run.ms = Math.round(performance.now() - began);
  const changes: EntityChange[] = [
    {
      entityType: 'Vigil.Retention.History',
      entityId: now.toISOString(),
      changeType: 2,
      propertyChanges: [
        { propertyName: 'dropped', originalValue: null, newValue: run.dropped.join(', ') },
        { propertyName: 'deferred', originalValue: null, newValue: run.deferred.join(', ') },
        { propertyName: 'removedFromDefault', originalValue: null, newValue: run.removedFromDefault },
        { propertyName: 'movedRows', originalValue: null, newValue: run.moved.rows },
      ],
    },
  ];
  await db
    .insertInto('audit_logs')
    .values({ id: randomUUID(), tenant_id: null, user_id: null, user_name: null, client_id: null, http_method: 'JOB', url: 'job:retention.history', http_status_code: 200, execution_duration: run.ms, client_ip_address: null, browser_info: null, exceptions: null, entity_changes: JSON.stringify(changes) })
    .execute();
  return run;
}
