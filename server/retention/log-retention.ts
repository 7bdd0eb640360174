import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { EntityChange } from '../audit/tables';
import type { LogRetention } from '../config';

/** Rows removed per statement: short transactions, so writers to the same table never wait long. */
const BATCH = 5000;

interface Target {
  table: 'audit_logs' | 'security_logs' | 'mail_outbox';
  entity: string;
  time: 'execution_time' | 'creation_time';
  days: (r: LogRetention) => number;
  /** Rows never removed whatever their age: mail still waiting to be sent. */
  keep?: ReturnType<typeof sql>;
}

const TARGETS: Target[] = [
  { table: 'audit_logs', entity: 'AuditLog', time: 'execution_time', days: (r) => r.auditLogDays },
  { table: 'security_logs', entity: 'SecurityLog', time: 'creation_time', days: (r) => r.securityLogDays },
  { table: 'mail_outbox', entity: 'SentMail', time: 'creation_time', days: (r) => r.sentMailDays, keep: sql`status = 'pending'` },
];

export interface RetentionRun {
  removed: Record<string, number>;
  olderThan: Record<string, string>;
}

async function removeOlder(db: Db, target: Target, cutoff: Date): Promise<number> {
  const table = sql.table(target.table);
  const time = sql.ref(target.time);
  const keep = target.keep ? sql`and not (${target.keep})` : sql``;
  let removed = 0;
  for (;;) {
    const result = await sql`delete from ${table} where id in (select id from ${table} where ${time} < ${cutoff} ${keep} order by ${time} limit ${BATCH})`.execute(db);
    const n = Number(result.numAffectedRows ?? 0);
    removed += n;
    if (n < BATCH) return removed;
  }
}

/**
 * Removes audit entries, security log entries and sent (or failed) mail older than their
 * retention, oldest first in batches, and leaves an audit entry saying what went. Mail not yet
 * sent is never removed.
 */
export async function runLogRetention(db: Db, retention: LogRetention, now = new Date()): Promise<RetentionRun> {
  const began = performance.now();
  const run: RetentionRun = { removed: {}, olderThan: {} };
  for (const target of TARGETS) {
    const cutoff = new Date(now.getTime() - target.days(retention) * 86_400_000);
    run.olderThan[target.entity] = cutoff.toISOString();
    run.removed[target.entity] = await removeOlder(db, target, cutoff);
  }
  const changes: EntityChange[] = TARGETS.map((t) => ({
    entityType: `Vigil.Retention.${t.entity}`,
    entityId: run.olderThan[t.entity]!,
    changeType: 2,
    propertyChanges: [
      { propertyName: 'removed', originalValue: null, newValue: run.removed[t.entity] },
      { propertyName: 'olderThan', originalValue: null, newValue: run.olderThan[t.entity] },
    ],
  }));
  await db
    .insertInto('audit_logs')
    .values({ id: randomUUID(), tenant_id: null, user_id: null, user_name: null, client_id: null, http_method: 'JOB', url: 'job:retention.logs', http_status_code: 200, execution_duration: Math.round(performance.now() - began), client_ip_address: null, browser_info: null, exceptions: null, entity_changes: JSON.stringify(changes) })
    .execute();
  return run;
}
