import type { Config } from '../config';

/** The block `npm start` logs once the first API worker serves. */
export function readyBanner(config: Config, seconds: number, notes: string[]): string {
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL (PGlite) in ${config.dataDir}`;
  const workers = config.apiWorkers === 1 ? '1 API worker' : `${config.apiWorkers} API workers on one port (the others start one after the other)`;
  // One log record: its first line is the message a terminal shows after the time and level.
  return [`Vigil is ready at ${config.publicUrl}  (${seconds.toFixed(1)} s)`, `Database: ${database}`, `Processes: ${workers}`, ...notes].join('\n');
}
