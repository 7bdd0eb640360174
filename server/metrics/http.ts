import type { FastifyInstance } from 'fastify';
import { Histogram } from 'prom-client';
import { metricsRegistry } from './registry';

/** Every answered request by route pattern (never the URL: ids and addresses stay out), method and status. */
const requests = new Histogram({
  name: 'vigil_http_request_duration_seconds',
  help: 'HTTP requests answered, by route pattern, method and status, and how long they took',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** What a request without a route (the web app's pages, files, unknown paths) is counted as. */
const NO_ROUTE = 'other';

/** Counts and times every request this server answers (rates are the histogram's _count). */
export function installHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    // A 404 handler's or a static file's "route" is a wildcard; either way one bounded label.
    const route = request.routeOptions.url && !request.is404 ? request.routeOptions.url : NO_ROUTE;
    requests.observe({ route, method: request.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}
