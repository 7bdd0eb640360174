import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * Starts recording the SQL this process's driver is given, text and parameters exactly as the
 * server's Kysely issued them: node-postgres (every pool client is a pg.Client) or PGlite.
 * `stop` ends the recording and returns what was issued since.
 */
export function startCapture(kind: 'pglite' | 'postgres'): { stop(): Statement[] } {
  let owner: object = kind === 'postgres' ? pg.Client.prototype : PGlite.prototype;
  while (!Object.hasOwn(owner, 'query')) owner = Object.getPrototypeOf(owner) as object;
  const target = owner as { query: (...args: unknown[]) => unknown };
  const original = target.query;
  const seen: Statement[] = [];
  target.query = function (this: unknown, ...args: unknown[]) {
    const [text, values] = args;
    if (typeof text === 'string') seen.push({ text, values: Array.isArray(values) ? values : [] });
    return original.apply(this, args);
  };
  return {
    stop() {
      target.query = original;
      return seen;
    },
  };
}

/** The SQL the driver is given while `action` runs (startCapture). */
export async function captureStatements(kind: 'pglite' | 'postgres', action: () => Promise<void>): Promise<Statement[]> {
  const capture = startCapture(kind);
  let seen: Statement[] = [];
  try {
    await action();
  } finally {
    seen = capture.stop();
  }
  return seen;
}
