import http from 'node:http';
import type { Config } from '../config';
import { listenTcp } from '../http/listen-tcp';
import { scrapeAllowed } from '../metrics/endpoint';
import { metricsRegistry } from '../metrics/registry';

/**
 * The metrics' own listener (METRICS_PORT on METRICS_HOST, loopback by default): GET /metrics
 * only, the token asked for when one is set. `gather` gives the text (the supervisor's sums
 * every worker). Returns the port and a close.
 */
export async function listenForMetrics(config: Pick<Config, 'metrics'>, gather: () => Promise<string>): Promise<{ port: number; close(): Promise<void> }> {
  const { port, host, token } = config.metrics;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    if (!scrapeAllowed(req.headers.authorization, token)) return void res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('A bearer token is needed.');
    gather().then(
      (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      (err: unknown) => res.writeHead(503, { 'content-type': 'text/plain' }).end(`Metrics not available: ${err instanceof Error ? err.message : String(err)}`),
    );
  });
  const bound = await listenTcp(server, port, host);
  return { port: bound, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
