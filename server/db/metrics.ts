import { gaugeFromSources } from '../metrics/registry';
import type { DatabaseHandle } from './database';

/** 1 while this node's database answers, 0 while it is away (answered 503; alert on it). */
const up = gaugeFromSources<DatabaseHandle, never>(
  { name: 'vigil_database_up', help: 'Whether the database answers this node (1) or is away (0)', aggregator: 'min' },
  (gauge, database) => gauge.set(database.health.available ? 1 : 0),
);

/** The PostgreSQL pool's connections by state, and callers waiting for one (none on PGlite). */
const pool = gaugeFromSources<DatabaseHandle, 'state'>(
  { name: 'vigil_database_pool_connections', help: 'Database pool connections by state (total, idle) and callers waiting for one (waiting)', labelNames: ['state'] },
  (gauge, database) => {
    const stats = database.poolStats?.();
    if (!stats) return;
    for (const [state, n] of Object.entries(stats)) gauge.inc({ state }, n);
  },
);

/** Reports this database in the metrics until the returned function is called. */
export function databaseMetrics(database: DatabaseHandle): () => void {
  const stops = [up.add(database), pool.add(database)];
  return () => stops.forEach((stop) => stop());
}
