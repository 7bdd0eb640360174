// What the history bench times: the reads over HTTP with the statements the server issued run
// again directly (the floor), the paced sender's latencies around a retention run.
import { fork } from 'node:child_process';
import type pg from 'pg';
import type { Statement } from '../support/from-tests';
import { percentile } from '../support/measure';
import type { PaceResult } from './pace';

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Per-call samples of one read: the API over HTTP, and its statements on `table` run directly right after. */
export interface ReadSamples {
  api: number[];
  sql: number[];
  /** The last call's statements on the table, for EXPLAIN. */
  statements: Statement[];
  /** Rows (trail points or events) the last call answered with. */
  items: number;
}

/** One side of a read compared: a server's call `urlOf(i)` with its token, and a pool on its database for the floor. */
export interface ReadSide {
  pool: pg.Pool;
  token: string;
  urlOf: (i: number) => string;
  /** The SQL the side's server issued while `action` ran. */
  capture: (action: () => Promise<void>) => Promise<Statement[]>;
}

/**
 * Calls `urlOf(i)` over HTTP (keep-alive, a bearer token) and runs the statements it issued that
 * read `table` again on the side's pool: the same SQL with the same parameters, warm from the call
 * before it, a floor for the API.
 */
async function readOnce(side: ReadSide, i: number, reads: RegExp): Promise<{ api: number; sql: number; statements: Statement[]; items: number }> {
  const headers = { authorization: `Bearer ${side.token}`, 'accept-language': 'en' };
  const url = side.urlOf(i);
  let body = '';
  let api = 0;
  const issued = await side.capture(async () => {
    const started = performance.now();
    const res = await fetch(url, { headers });
    body = await res.text();
    api = performance.now() - started;
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${body.slice(0, 300)}`);
  });
  const statements = issued.filter((s) => reads.test(s.text));
  if (!statements.length) throw new Error(`captured no query on ${reads.source}`);
  const started = performance.now();
  await Promise.all(statements.map((s) => side.pool.query(s.text, s.values)));
  return { api, sql: performance.now() - started, statements, items: (JSON.parse(body) as { items: unknown[] }).items.length };
}

/**
 * `warmUp` then `requests` calls on every side, in turn: call i on each side before call i + 1
 * on any, the order of the sides turned round each time. A machine that slows down for a while
 * (other work on its cores) then slows every side alike, and the ratio between them stays the
 * database's, not the moment's. Answers each side's samples, in the order of `sides`.
 */
export async function timeReadsInTurn(sides: ReadSide[], table: string, warmUp: number, requests: number): Promise<ReadSamples[]> {
  const reads = new RegExp(`\\bfrom "${table}"`, 'i');
  const out: ReadSamples[] = sides.map(() => ({ api: [], sql: [], statements: [], items: 0 }));
  for (let i = 0; i < warmUp + requests; i++) {
    const order = sides.map((_, k) => k);
    if (i % 2) order.reverse();
    for (const k of order) {
      const r = await readOnce(sides[k]!, i, reads);
      if (i < warmUp) continue;
      const o = out[k]!;
      o.api.push(r.api);
      o.sql.push(r.sql);
      o.statements = r.statements;
      o.items = r.items;
    }
  }
  return out;
}

const PARTITION_SCAN = /(?:Scan|Scan using \S+) on (?:positions|device_events)_k\d+_\w+/;
const indentOf = (line: string) => line.length - line.trimStart().length;

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each statement, printed indented. Of the scans of a table's
 * partitions (one per time range) the first two under each node are printed with their details,
 * the others counted, and partitions the planner knows to be empty (cost 0.00..0.00) counted.
 */
export async function printPlans(pool: pg.Pool, title: string, statements: Statement[]): Promise<void> {
  for (const s of statements) {
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${s.text}`, s.values);
    console.log(`\nEXPLAIN ANALYZE, ${title}:`);
    console.log(`  ${s.text.replace(/\s+/g, ' ').slice(0, 400)}`);
    const lines = rows.map((r) => r['QUERY PLAN']);
    let empty = 0;
    let hidden = 0;
    const shown = new Map<number, number>();
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const indent = indentOf(line);
      // The node's details and children: the lines below it indented further.
      const skipChildren = () => {
        while (i + 1 < lines.length && indentOf(lines[i + 1]!) > indent) i++;
      };
      if (PARTITION_SCAN.test(line)) {
        if (/\(cost=0\.00\.\.0\.00 /.test(line)) {
          empty++;
          skipChildren();
          continue;
        }
        const count = (shown.get(indent) ?? 0) + 1;
        shown.set(indent, count);
        if (count > 2) {
          hidden++;
          skipChildren();
          continue;
        }
      } else if (/^\s*->/.test(line)) {
        // Another node at this depth or above: partition scans under it are counted afresh.
        for (const key of [...shown.keys()]) if (key >= indent) shown.delete(key);
      }
      console.log(`  ${line}`);
    }
    if (hidden || empty) console.log(`  (not shown: ${hidden} further scans of partitions like the two above, ${empty} scans of partitions the planner knows to be empty)`);
  }
}

/** What each statement read from outside PostgreSQL's shared buffers, per statement run. */
export interface ColdReads {
  /** Blocks read (not found in shared buffers). */
  blocks: number[];
  /** Time spent reading them, ms (empty when track_io_timing may not be set: it needs a superuser). */
  ioMs: number[];
  /** The statements' execution time, ms. */
  execMs: number[];
}

/**
 * Runs each statement once under EXPLAIN (ANALYZE, BUFFERS) with track_io_timing: how many of its
 * blocks PostgreSQL had to read (from the file system's cache or the disk) and how long that took.
 */
export async function coldReads(pool: pg.Pool, statements: Statement[]): Promise<ColdReads> {
  const out: ColdReads = { blocks: [], ioMs: [], execMs: [] };
  const client = await pool.connect();
  try {
    const timed = await client.query('set track_io_timing = on').then(
      () => true,
      () => false,
    );
    for (const s of statements) {
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: Record<string, number>; 'Execution Time': number }] }>(`explain (analyze, buffers, format json) ${s.text}`, s.values);
      const [{ Plan: plan, 'Execution Time': exec }] = rows[0]!['QUERY PLAN'];
      out.blocks.push(plan['Shared Read Blocks'] ?? 0);
      out.execMs.push(exec);
      // PostgreSQL 16 and later name it "Shared I/O Read Time".
      if (timed) out.ioMs.push(plan['I/O Read Time'] ?? plan['Shared I/O Read Time'] ?? 0);
    }
  } finally {
    client.release();
  }
  return out;
}

/** Starts the paced sender (pace.ts); resolves `ready` when it is about to send and `done` with its report. */
export function pacedLoad(ingestPort: number, first: number, watches: number, seconds: number): { ready: Promise<void>; done: Promise<PaceResult> } {
  const child = fork(new URL('./pace.ts', import.meta.url).pathname, [String(ingestPort), String(first), String(watches), String(seconds)], { execArgv: process.execArgv });
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const done = new Promise<PaceResult>((resolve, reject) => {
    child.on('message', (m: PaceResult | { ready: true }) => ('ready' in m ? markReady() : resolve(m)));
    child.once('error', reject);
    child.once('exit', (code) => code && reject(new Error(`paced sender exited with ${code}`)));
  });
  return { ready, done };
}

export interface PaceFigures {
  fixes: number;
  answered: number;
  p50: number;
  p99: number;
  /** Longest a fix waited for its answer from when it was due. */
  maxLatency: number;
  /** Longest time without any answer while fixes were waiting. */
  longestGap: number;
}

/**
 * Latency and answer gaps of the fixes waiting at some time within [from, to] (due by `to`, not
 * answered before `from`); all fixes when no window is given.
 */
export function paceFigures(result: PaceResult, from = -Infinity, to = Infinity): PaceFigures {
  const picked = result.due.map((due, i) => ({ due, answered: result.answered[i]! })).filter((f) => f.due <= to && !(f.answered < from));
  const done = picked.filter((f) => Number.isFinite(f.answered));
  const latencies = done.map((f) => f.answered - f.due);
  const answers = done.map((f) => f.answered).sort((a, b) => a - b);
  let longestGap = 0;
  for (let i = 1; i < answers.length; i++) longestGap = Math.max(longestGap, answers[i]! - answers[i - 1]!);
  return {
    fixes: picked.length,
    answered: done.length,
    p50: latencies.length ? percentile(latencies, 50) : Number.NaN,
    p99: latencies.length ? percentile(latencies, 99) : Number.NaN,
    maxLatency: latencies.length ? Math.max(...latencies) : Number.NaN,
    longestGap,
  };
}
