import { sql } from 'kysely';
import type { Db } from '../db/database';
import { gaugeFromSources } from '../metrics/registry';

/** A node's queue as the gauges read it: the shared table, and the kinds this node knows (shown at 0 when none waits). */
export interface QueueSource {
  db: Db;
  kinds(): string[];
}

/** Due jobs not yet done and the oldest one's wait, per kind, read from the table (every node sees the same: not summed). */
async function readDue(source: QueueSource): Promise<Map<string, { due: number; ageSeconds: number }>> {
  const rows = await sql<{ kind: string; due: string; age: number | string | null }>`
    select kind, count(*) as due, extract(epoch from now() - min(run_at)) as age
    from jobs where status = 'pending' and run_at <= now() group by kind`.execute(source.db);
  const byKind = new Map(source.kinds().map((kind) => [kind, { due: 0, ageSeconds: 0 }]));
  for (const row of rows.rows) byKind.set(row.kind, { due: Number(row.due), ageSeconds: Math.max(0, Number(row.age ?? 0)) });
  return byKind;
}

const due = gaugeFromSources<QueueSource, 'kind'>(
  { name: 'vigil_jobs_due', help: 'Jobs due and not yet done, by kind (mail.send is the mail queue)', labelNames: ['kind'], aggregator: 'max' },
  async (gauge, source) => {
    for (const [kind, v] of await readDue(source)) gauge.set({ kind }, v.due);
  },
);

const age = gaugeFromSources<QueueSource, 'kind'>(
  { name: 'vigil_jobs_oldest_due_age_seconds', help: 'How long the oldest due job of each kind has waited past its time', labelNames: ['kind'], aggregator: 'max' },
  async (gauge, source) => {
    for (const [kind, v] of await readDue(source)) gauge.set({ kind }, v.ageSeconds);
  },
);

/** Reports this queue in the metrics until the returned function is called. */
export function jobQueueMetrics(source: QueueSource): () => void {
  const stops = [due.add(source), age.add(source)];
  return () => stops.forEach((stop) => stop());
}
