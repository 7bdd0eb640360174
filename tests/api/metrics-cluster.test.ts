import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleOf, scrape } from '../support/metrics';
import { startProduct, type RunningProduct } from '../support/npm-start';
import { createScratchDatabase, freePort } from '../support/server';

const target = process.env.TEST_DATABASE_URL;

/** One GET on a connection of its own, so the supervisor deals each to the next worker. */
function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/**
 * `npm start` with two API workers on PostgreSQL: a scrape of METRICS_PORT is the node's, every
 * worker's counts summed by the supervisor, and a gauge read from the shared database not doubled.
 */
describe.skipIf(!target)('metrics of a node with two workers', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let product: RunningProduct;
  let metricsUrl: string;
  beforeAll(async () => {
    scratch = await createScratchDatabase(target!);
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}`;
    product = await startProduct({ DATABASE_URL: scratch.url, API_WORKERS: '2', METRICS_PORT: String(metricsPort), ADMIN_PASSWORD: 'First-Admin-2026!', LOG_LEVEL: 'warn' });
    const deadline = Date.now() + 180_000;
    while (!/worker 2 \(pid \d+\) ready/.test(product.output())) {
      if (Date.now() > deadline) throw new Error(`the second worker did not start:\n${product.output()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 300_000);
  afterAll(async () => {
    await product?.stop();
    await scratch?.drop();
  });

  it('sums the workers', async () => {
    const before = sampleOf((await scrape(metricsUrl)).text, 'vigil_http_request_duration_seconds_count', { route: '/health/live' });
    const pids = new Set<number>();
    const N = 20;
    for (let i = 0; i < N; i++) {
      const res = await get(`${product.url}/health/live`);
      expect(res.status).toBe(200);
      pids.add((JSON.parse(res.body) as { pid: number }).pid);
    }
    expect(pids.size).toBe(2);
    const text = (await scrape(metricsUrl)).text;
    expect(sampleOf(text, 'vigil_http_request_duration_seconds_count', { route: '/health/live' }) - before).toBe(N);
    expect(sampleOf(text, 'vigil_database_up')).toBe(1);
    // Read from the shared table by each worker: the largest, not the sum.
    expect(text).toMatch(/vigil_jobs_due\{kind="mail.send"\} 0\n/);
    // The public port has no /metrics without METRICS_TOKEN.
    expect((await get(`${product.url}/metrics`)).status).toBe(404);
  }, 60_000);
});
