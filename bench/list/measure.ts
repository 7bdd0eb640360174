import type pg from 'pg';
import type { Statement } from '../support/from-tests';

/** Milliseconds one call of `action` takes. */
export async function time(action: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await action();
  return performance.now() - start;
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
