import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { gatherMetrics, metricsRegistry } from './registry';

/** Whether an Authorization header carries the metrics token (compared in constant time). */
export function scrapeAllowed(authorization: string | undefined, token: string): boolean {
  if (!token) return true;
  const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim() ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

const METRICS_SCHEMA = {
  hide: true,
  summary: 'Prometheus metrics (with METRICS_TOKEN as a bearer token)',
  response: {
    200: { description: 'Metrics in Prometheus text format', content: { 'text/plain': { schema: { type: 'string' } } } },
    401: { description: 'No token, or a wrong one', content: { 'text/plain': { schema: { type: 'string' } } } },
  },
} as const;

/**
 * GET /metrics on the public port, only with METRICS_TOKEN set, and only for a scrape that sends
 * it; without the token the path does not exist there (the separate METRICS_PORT serves it).
 */
export async function metricsRoute(app: FastifyInstance, opts: { config: Pick<Config, 'metrics'> }): Promise<void> {
  const { token } = opts.config.metrics;
  if (!token) return;
  app.get('/metrics', { schema: METRICS_SCHEMA }, async (request, reply) => {
    if (!scrapeAllowed(request.headers.authorization, token)) return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain').send('A bearer token is needed.');
    return reply.type(metricsRegistry.contentType).send(await gatherMetrics());
  });
}
