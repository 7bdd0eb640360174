import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

/**
 * The issuer's metadata is served anonymously at four addresses. An attacker must not be able to
 * make it name another host (a poisoned document in a shared cache would send every client's
 * sign-in elsewhere), must not get a 500 from odd requests, and cannot starve other callers by
 * asking for it many times at once.
 */
const DOCUMENTS = ['/.well-known/openid-configuration', '/.well-known/openid-configuration/oidc', '/.well-known/oauth-authorization-server/oidc', '/oidc/.well-known/openid-configuration'];

describe('the issuer metadata under attack', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('');
  }, 120_000);
  afterAll(async () => server?.stop());

  const urlsIn = (doc: Record<string, unknown>) => Object.values(doc).filter((v): v is string => typeof v === 'string' && /^https?:/.test(v));

  it.each(DOCUMENTS)('%s names only the configured issuer whatever Host and X-Forwarded-* say', async (p) => {
    const res = await fetch(`${server.url}${p}`, {
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '6.6.6.6', forwarded: 'host=evil.example;proto=https' },
    });
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Record<string, unknown>;
    expect(doc.issuer).toBe(`${server.config.publicUrl}/oidc`);
    const urls = urlsIn(doc);
    expect(urls.length).toBeGreaterThan(3);
    for (const url of urls) expect(url.startsWith(`${server.config.publicUrl}/`)).toBe(true);
  });

  it.each(DOCUMENTS)('%s refuses writes and odd queries without a 500', async (p) => {
    const post = await fetch(`${server.url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"issuer":"x"}' });
    expect(post.status).toBeGreaterThanOrEqual(400);
    expect(post.status).toBeLessThan(500);
    const odd = await fetch(`${server.url}${p}?${'a=%ff&'.repeat(200)}`);
    expect(odd.status).toBeLessThan(500);
  });

  it('a flood of metadata requests does not starve a sign-in page or the API', async () => {
    const flood = Promise.all(Array.from({ length: 400 }, (_, i) => fetch(`${server.url}${DOCUMENTS[i % DOCUMENTS.length]}`).then((r) => r.status)));
    const started = performance.now();
    const health = await fetch(`${server.url}/health`);
    const config = await fetch(`${server.url}/api/abp/application-configuration`);
    const waited = performance.now() - started;
    const statuses = await flood;
    expect(health.status).toBe(200);
    expect(config.status).toBe(200);
    expect(waited).toBeLessThan(5000);
    // Every flood request was answered (200, or 429/503 from the limits), never a 500.
    expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
  }, 60_000);
});
