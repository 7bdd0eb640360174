import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

/**
 * Unknown paths under /api, /oidc and /.well-known answer 404 in their own format, never the web
 * app's page, and the issuer's metadata is found where OpenID and OAuth clients look for it:
 * - OpenID Connect Discovery 1.0, section 4: `<issuer>/.well-known/openid-configuration`;
 * - RFC 8414, section 3.1: for an issuer with a path (`/oidc`), the well-known segment goes
 *   before it, `/.well-known/oauth-authorization-server/oidc`, and section 5 allows the same for
 *   `openid-configuration`; a client that asks the host's root gets the issuer's document too.
 * Client-side routes of the web app (`/devices/x`) still get the page.
 */
describe('unknown paths and the issuer metadata', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><!--vigil-config--></head><body>app</body></html>');
    server = await startServer('', { distDir: dist });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = async (p: string, init: RequestInit = {}) => {
    const res = await fetch(`${server.url}${p}`, { redirect: 'manual', ...init });
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text(), abp: res.headers.get('_abperrorformat') };
  };

  it.each(['/api', '/api/', '/api/app/nothing-here', '/api/abp/nothing?x=1'])('%s is an ABP 404', async (p) => {
    const res = await get(p);
    expect(res.status).toBe(404);
    expect(res.type).toMatch(/application\/json/);
    expect(res.abp).toBe('true');
    expect(JSON.parse(res.text)).toMatchObject({ error: { message: 'There is no such address in the API.' } });
  });

  it('an unknown API write is an ABP 404 as well', async () => {
    const res = await get('/api/app/nothing-here', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(404);
    expect(res.abp).toBe('true');
  });

  it.each(['/oidc', '/oidc/nothing-here', '/oidc/.well-known/nothing'])('%s is an OAuth 404', async (p) => {
    const res = await get(p);
    expect(res.status).toBe(404);
    expect(res.type).toMatch(/application\/json/);
    expect(res.text).not.toMatch(/<html/i);
    expect(JSON.parse(res.text)).toHaveProperty('error');
  });

  it.each(['/.well-known/nothing', '/.well-known/oauth-authorization-server', '/.well-known/webfinger'])('%s is a JSON 404', async (p) => {
    const res = await get(p);
    expect(res.status).toBe(404);
    expect(res.type).toMatch(/application\/json/);
    expect(JSON.parse(res.text)).toMatchObject({ error: 'not_found' });
  });

  it('serves the issuer metadata at the issuer, at the root and where RFC 8414 puts it', async () => {
    const own = await get('/oidc/.well-known/openid-configuration');
    expect(own.status).toBe(200);
    const metadata = JSON.parse(own.text) as { issuer: string; token_endpoint: string };
    expect(metadata.issuer).toBe(`${server.url}/oidc`);
    for (const p of ['/.well-known/openid-configuration', '/.well-known/openid-configuration/oidc', '/.well-known/oauth-authorization-server/oidc']) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.type, p).toMatch(/application\/json/);
      expect(JSON.parse(res.text), p).toEqual(metadata);
    }
  });

  it('still gives client-side routes the web app', async () => {
    const res = await get('/devices/123/show');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<body>app</body>');
  });
});
