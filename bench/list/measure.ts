import type pg from 'pg';
import type { Statement } from '../../tests/support/sql-capture';

export type { Statement };

/**
 * Ends a pool and waits until its connections are closed: pool.end() resolves before that, and a
 * database dropped "with (force)" in that moment fails the still-open connection.
 */
export async function closePool(pool: pg.Pool): Promise<void> {
  const closed: Promise<void>[] = [];
  pool.on('remove', (client) => closed.push(new Promise((resolve) => client.once('end', () => resolve()))));
  await pool.end();
  await Promise.all(closed);
}

/** Milliseconds one call of `action` takes. */
export async function time(action: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

/** Nearest-rank percentile of samples in milliseconds. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The plan's nodes (no buffer or planning lines) and its execution time. */
export async function explain(pool: pg.Pool, statement: Statement): Promise<{ nodes: string[]; indexes: string[]; ms: number }> {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement.text}`, statement.values);
  const lines = rows.map((r) => r['QUERY PLAN']);
  const nodes = lines.filter((l, i) => i === 0 || l.includes('->') || /^\s+(Index Cond|Filter|Sort Key|Rows Removed)/.test(l));
  const indexes = lines.flatMap((l) => /Index (?:Only )?Scan (?:Backward )?using (\S+)|Bitmap Index Scan on (\S+)/.exec(l)?.slice(1, 3).filter(Boolean) ?? []) as string[];
  const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? Number.NaN);
  return { nodes, indexes, ms };
}
