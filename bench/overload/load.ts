// The back-office crowd, in its own process so its work does not slow the probes' clocks: each
// client pages the device list (10 a page) with a bearer token, one call after another, for the
// given time. A 503 is waited out for its Retry-After (as the header asks), unless
// BENCH_IGNORE_RETRY_AFTER=1, when the client asks again at once.
import { emptySamples, record, sleep, type LoadOrder, type Samples } from './shared';

const PAGES = 3;
const ignoreRetryAfter = process.env.BENCH_IGNORE_RETRY_AFTER === '1';

async function client(order: LoadOrder, index: number, until: number, samples: Samples): Promise<void> {
  const headers = { authorization: `Bearer ${order.token}`, 'accept-language': 'en' };
  for (let page = index % PAGES; Date.now() < until; page = (page + 1) % PAGES) {
    const started = performance.now();
    let retryAfter = 0;
    try {
      const res = await fetch(`${order.url}/api/app/productInstance?SkipCount=${page * 10}&MaxResultCount=10`, { headers });
      await res.arrayBuffer();
      record(samples, performance.now() - started, res.status);
      if (res.status === 503) retryAfter = Number(res.headers.get('retry-after') ?? 1);
    } catch {
      record(samples, performance.now() - started, 'error');
      retryAfter = 1;
    }
    if (retryAfter && !ignoreRetryAfter) await sleep(Math.min(retryAfter * 1000, Math.max(0, until - Date.now())));
  }
}

process.once('message', (order: LoadOrder) => {
  const samples = emptySamples();
  const until = Date.now() + order.seconds * 1000;
  // Clients start spread over the first second, as people arrive, not in one instant.
  const clients = Array.from({ length: order.clients }, (_, i) => sleep((i * 1000) / order.clients).then(() => client(order, i, until, samples)));
  void Promise.all(clients).then(() => process.send!(samples, () => process.exit(0)));
});
