import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { loadConfig } from '../../server/config';
import { contentSecurityPolicy, securityHeaders } from '../../server/web/security-headers';
import { renderLogoutPage } from '../../server/oidc/pages';

/** A built web app in miniature: index.html with the config placeholder and one hashed asset. */
function miniDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><!--vigil-config--></head><body><div id="root"></div><script type="module" src="/assets/app-1.js"></script></body></html>');
  fs.writeFileSync(path.join(dir, 'assets', 'app-1.js'), 'console.log(window.__VIGIL__);');
  return dir;
}

const inlineScripts = (html: string) => [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
const directive = (csp: string, name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';

function expectHardened(res: Response) {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  expect(directive(csp, 'object-src')).toBe("object-src 'none'");
  expect(directive(csp, 'script-src')).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*(?!\.)/);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  // PUBLIC_URL is http here: no HSTS.
  expect(res.headers.get('strict-transport-security')).toBeNull();
}

describe('HTTP hardening headers on every response', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = miniDist();
    server = await startServer('', { distDir: dist });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('the web app page, with no inline script: the runtime configuration is a same-origin script', async () => {
    const res = await fetch(`${server.url}/dashboard`);
    expect(res.status).toBe(200);
    expectHardened(res);
    const html = await res.text();
    expect(inlineScripts(html)).toEqual([]);
    expect(html).toContain('<script src="/runtime-config.js"></script>');
    const script = await fetch(`${server.url}/runtime-config.js`);
    expectHardened(script);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    const body = await script.text();
    const window: { __VIGIL__?: { issuer: string; demo?: boolean } } = {};
    new Function('window', body)(window);
    expect(window.__VIGIL__?.issuer).toBe(`${server.url}/oidc`);
    expect(window.__VIGIL__?.demo).toBe(false);
  });

  it('the API, a static asset, the issuer and its sign-in page', async () => {
    for (const url of ['/api/runtime-config', '/api/no-such-route', '/assets/app-1.js', '/oidc/.well-known/openid-configuration', '/health']) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status, url).toBeLessThan(500);
      expectHardened(res);
    }
    const auth = new URL(`${server.url}/oidc/auth`);
    auth.search = new URLSearchParams({ client_id: 'vigil-web', redirect_uri: `${server.url}/`, response_type: 'code', scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' }).toString();
    const toPage = await fetch(auth, { redirect: 'manual' });
    expectHardened(toPage);
    const page = await fetch(new URL(toPage.headers.get('location')!, server.url), { headers: { cookie: toPage.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') } });
    expect(page.status).toBe(200);
    expectHardened(page);
    expect(inlineScripts(await page.text())).toEqual([]);
  });

  it("allows the sign-out page's one inline script by its hash, and nothing else inline", () => {
    const csp = contentSecurityPolicy(server.config);
    const html = renderLogoutPage('en', '<form id="op.logoutForm" method="post" action="/oidc/session/end/confirm"></form>');
    const scripts = inlineScripts(html);
    expect(scripts.length).toBe(1);
    for (const script of scripts) expect(directive(csp, 'script-src')).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  });

  it('HSTS over https only; Google Maps, Stripe and tile hosts only when configured', () => {
    const plain = contentSecurityPolicy(loadConfig({ MAP_TILE_URL: 'none' }));
    expect(plain).not.toMatch(/google|stripe|tile/);
    expect(directive(plain, 'frame-src')).toBe("frame-src 'none'");
    const https = securityHeaders(loadConfig({ PUBLIC_URL: 'https://vigil.example', GOOGLE_MAPS_KEY: 'k', STRIPE_PUBLISHABLE_KEY: 'pk_test', MAP_TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png' }));
    expect(Object.fromEntries(https)['strict-transport-security']).toMatch(/max-age=\d+/);
    const csp = Object.fromEntries(https)['content-security-policy']!;
    expect(directive(csp, 'script-src')).toContain('https://js.stripe.com');
    expect(directive(csp, 'script-src')).toContain('https://*.googleapis.com');
    expect(directive(csp, 'frame-src')).toContain('https://js.stripe.com');
    expect(directive(csp, 'img-src')).toContain('https://*.tile.example.org');
    expect(csp).toContain('upgrade-insecure-requests');
  });
});
