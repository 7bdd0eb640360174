/**
 * One kind of geocoder request (reverse, search) with what keeps it polite: a deadline, Vigil's
 * User-Agent (Nominatim's usage policy asks for one), no redirects, answers cached (least
 * recently used dropped) and failures remembered briefly, and one request for callers asking the
 * same at once. `admit` may refuse a request that would go out (a node's per-minute cap): the
 * answer is then 'busy' and nothing is remembered.
 */
export interface LookupOptions {
  timeoutMs: number;
  userAgent: string;
  /** Entries kept. */
  cacheSize: number;
  /** How long an answer is kept, and a failure remembered. */
  ttlMs: number;
  failureTtlMs: number;
  fetch: typeof fetch;
  /** Whether one more request may go out now; asked only when the cache cannot answer. */
  admit?: () => boolean;
}

export type Lookup<T> = (key: string, url: () => URL, read: (answer: unknown) => T | null) => Promise<T | null | 'busy'>;

export function createLookup<T>(options: LookupOptions): Lookup<T> {
  const cache = new Map<string, { value: T | null; until: number }>();
  const pending = new Map<string, Promise<T | null | 'busy'>>();

  const remember = (key: string, value: T | null) => {
    cache.delete(key);
    cache.set(key, { value, until: Date.now() + (value === null ? options.failureTtlMs : options.ttlMs) });
    while (cache.size > options.cacheSize) cache.delete(cache.keys().next().value!);
  };

  const ask = async (key: string, url: URL, read: (answer: unknown) => T | null): Promise<T | null> => {
    try {
      const res = await options.fetch(url, {
        headers: { 'user-agent': options.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: 'error',
      });
      if (!res.ok) {
        await res.body?.cancel();
        remember(key, null);
        return null;
      }
      const value = read(await res.json());
      remember(key, value);
      return value;
    } catch {
      remember(key, null);
      return null;
    }
  };

  return async (key, url, read) => {
    const hit = cache.get(key);
    if (hit && hit.until > Date.now()) {
      cache.delete(key);
      cache.set(key, hit);
      return hit.value;
    }
    let p = pending.get(key);
    if (!p) {
      if (options.admit && !options.admit()) return 'busy';
      p = ask(key, url(), read).finally(() => pending.delete(key));
      pending.set(key, p);
    }
    return p;
  };
}

/** At most `perMinute` admitted in any minute (a sliding window of the times admitted). */
export function perMinute(limit: number): () => boolean {
  const times: number[] = [];
  return () => {
    const now = Date.now();
    while (times.length && times[0]! <= now - 60_000) times.shift();
    if (times.length >= limit) return false;
    times.push(now);
    return true;
  };
}
