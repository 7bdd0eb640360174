import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { healthOf, KNOWN_MIGRATIONS, type Db } from '../db/database';
import { logFailure, RETRY_AFTER_SECONDS } from '../db/health';

const LIVE = {
  type: 'object',
  properties: { status: { type: 'string', enum: ['live'] }, pid: { type: 'integer' } },
  required: ['status', 'pid'],
} as const;

const READY = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['ready', 'unavailable'] },
    database: { type: 'string', enum: ['ok', 'unreachable'] },
    migrations: { type: 'string', enum: ['done', 'pending', 'unknown'] },
    pid: { type: 'integer' },
  },
  required: ['status', 'database', 'migrations', 'pid'],
} as const;

/**
 * Kubernetes-style probes beside GET /health (which stays as it was):
 * - GET /health/live: the process answers (its event loop turns). Never asks the database, so a
 *   database outage does not get healthy processes restarted.
 * - GET /health/ready: the database answers and has every migration this version knows; 503
 *   otherwise, so a load balancer sends traffic elsewhere until it is.
 */
export async function probeRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  const health = healthOf(db);
  app.get('/health/live', { schema: { summary: 'Liveness: the process answers', response: { 200: LIVE } } }, async () => ({ status: 'live' as const, pid: process.pid }));

  app.get('/health/ready', { schema: { summary: 'Readiness: the database answers and is migrated', response: { 200: READY, 503: READY } } }, async (request, reply) => {
    let applied: number;
    try {
      health.check();
      const rows = await sql<{ n: string }>`select count(*) as n from kysely_migration where name in (${sql.join(KNOWN_MIGRATIONS)})`.execute(db);
      applied = Number(rows.rows[0]?.n ?? 0);
    } catch (err) {
      logFailure(request.log, err, 'readiness check failed');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(503).send({ status: 'unavailable', database: 'unreachable', migrations: 'unknown', pid: process.pid });
    }
    if (applied < KNOWN_MIGRATIONS.length) {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(503).send({ status: 'unavailable', database: 'ok', migrations: 'pending', pid: process.pid });
    }
    return { status: 'ready' as const, database: 'ok' as const, migrations: 'done' as const, pid: process.pid };
  });
}
