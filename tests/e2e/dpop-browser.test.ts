import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request, Response } from 'playwright-core';
import { calculateJwkThumbprint, decodeJwt, decodeProtectedHeader, type JWK } from 'jose';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { launchBrowser, signInAs } from '../support/browser';
import type { TestServer } from '../support/server';
import { startWebServer } from '../support/web-server';

/** A 2x2 red PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==', 'base64');

/** Public API reads made without a session (the app's own configuration). */
const PUBLIC_API = ['/api/runtime-config'];

interface ApiCall {
  method: string;
  url: URL;
  headers: Record<string, string>;
  status: number;
}

interface TokenCall {
  grantType: string | null;
  dpop: string | undefined;
  answer: { token_type?: string; access_token?: string };
}

const ath = (accessToken: string) => createHash('sha256').update(accessToken).digest('base64url');
const thumbprint = (jwk: JWK) => calculateJwkThumbprint(jwk);

/** Records every /api/ answer with the request's headers, and the token endpoint's requests and answers. */
function watch(page: Page) {
  const api: ApiCall[] = [];
  const tokens: TokenCall[] = [];
  const authorizeUrls: URL[] = [];
  const pending: Promise<void>[] = [];
  const inFlight = new Set<Request>();
  const isApi = (url: URL) => url.pathname.startsWith('/api/') && !PUBLIC_API.includes(url.pathname);
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/oidc/auth') authorizeUrls.push(url);
    if (isApi(url)) inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  page.on('response', (response: Response) => {
    const request = response.request();
    const url = new URL(request.url());
    if (url.pathname === '/oidc/token') {
      pending.push(
        (async () => {
          const headers = await request.allHeaders();
          const answer = (await response.json().catch(() => ({}))) as TokenCall['answer'];
          tokens.push({ grantType: new URLSearchParams(request.postData() ?? '').get('grant_type'), dpop: headers.dpop, answer });
        })(),
      );
    } else if (isApi(url)) {
      pending.push(
        (async () => {
          api.push({ method: request.method(), url, headers: await request.allHeaders(), status: response.status() });
        })(),
      );
    }
  });
  /** No API call in flight for a moment (a screen's late refetch would otherwise be seen after it). */
  const quiet = async () => {
    for (let calm = 0; calm < 3; ) {
      calm = inFlight.size === 0 ? calm + 1 : 0;
      await page.waitForTimeout(100);
    }
  };
  return { api, tokens, authorizeUrls, settled: () => Promise.all(pending), quiet };
}

/**
 * Checks an API call's DPoP header: `DPoP <token>` where the token is an access token of this
 * sign-in (`grantId`) bound to `jkt`'s key, and a proof of that key for this method and URL made
 * with that very token. The token is returned. Which of the grant's tokens a call carries is not
 * asserted here: the browser's network events are not an exact log of the app's token requests (a
 * CI run once saw an API call carry a token of the same grant whose token response Playwright never
 * reported), and what DPoP promises is the binding, which is checked in full.
 */
async function expectBoundCall(call: ApiCall, grantId: string, jkt: string): Promise<string> {
  const where = `${call.method} ${call.url.pathname}`;
  const [scheme, accessToken] = (call.headers.authorization ?? '').split(' ');
  expect(scheme, where).toBe('DPoP');
  const claims = decodeJwt(accessToken!);
  expect(claims, where).toMatchObject({ gid: grantId, cnf: { jkt } });
  expect(call.headers.dpop, where).toBeTruthy();
  expect(call.status, where).not.toBe(401);
  const header = decodeProtectedHeader(call.headers.dpop!);
  expect(header.typ).toBe('dpop+jwt');
  expect(await thumbprint(header.jwk as JWK)).toBe(jkt);
  const proof = decodeJwt(call.headers.dpop!);
  expect(proof, where).toMatchObject({ htm: call.method, htu: `${call.url.origin}${call.url.pathname}`, ath: ath(accessToken!) });
  return accessToken!;
}

/** The oidc-client-ts key pair in IndexedDB ('oidc' database, 'dpop' store), as seen by the page. */
function storedKey(page: Page) {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('oidc');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    if (!db.objectStoreNames.contains('dpop')) return { count: 0 };
    const states = await new Promise<{ keys: CryptoKeyPair }[]>((resolve, reject) => {
      const all = db.transaction('dpop', 'readonly').objectStore('dpop').getAll();
      all.onsuccess = () => resolve(all.result as { keys: CryptoKeyPair }[]);
      all.onerror = () => reject(all.error);
    });
    db.close();
    const keys = states[0]?.keys;
    if (!keys) return { count: states.length };
    const exportRefused = await crypto.subtle.exportKey('jwk', keys.privateKey).then(
      () => false,
      () => true,
    );
    return {
      count: states.length,
      isCryptoKey: keys.privateKey instanceof CryptoKey,
      extractable: keys.privateKey.extractable,
      algorithm: (keys.privateKey.algorithm as EcKeyAlgorithm).namedCurve,
      exportRefused,
      publicJwk: (await crypto.subtle.exportKey('jwk', keys.publicKey)) as Record<string, string>,
    };
  });
}

/** Marks the stored user's access token expired, so the app's next API call renews it first. */
function expireStoredUser(page: Page) {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'));
    if (!key) throw new Error('no stored user');
    const user = JSON.parse(localStorage.getItem(key)!) as { expires_at: number };
    user.expires_at = Math.floor(Date.now() / 1000) - 5;
    localStorage.setItem(key, JSON.stringify(user));
  });
}

/** Client-side navigation (no reload, so oidc-client-ts's own renewal timer is not restarted). */
function openInApp(page: Page, path: string) {
  return page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** RFC 9449 in a real browser against the real issuer and API: the demo carer on a desktop screen. */
describe('the web app binds its tokens with DPoP', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in with a bound code, sends a proof with every API call, renews with DPoP and drops the key on sign-out', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    const seen = watch(page);

    // Sign-in: the authorization request names the key (dpop_jkt), the code exchange proves it.
    await signInAs(page, server.url, 'caregiver', DEMO_PASSWORD, '/account');
    await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
    await page.locator('#avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Your picture has been saved.').waitFor();
    await seen.settled();

    expect(seen.tokens.map((t) => t.grantType)).toEqual(['authorization_code']);
    const [signIn] = seen.tokens;
    expect(signIn!.dpop).toBeTruthy();
    expect(decodeJwt(signIn!.dpop!)).toMatchObject({ htm: 'POST', htu: `${server.url}/oidc/token` });
    expect(signIn!.answer.token_type).toBe('DPoP');
    const accessToken = signIn!.answer.access_token!;
    const { cnf, gid } = decodeJwt(accessToken) as { cnf?: { jkt?: string }; gid?: string };
    const jkt = cnf?.jkt;
    expect(jkt).toBeTruthy();
    expect(gid).toBeTruthy();
    expect(await thumbprint(decodeProtectedHeader(signIn!.dpop!).jwk as JWK)).toBe(jkt);
    expect(seen.authorizeUrls.at(-1)?.searchParams.get('dpop_jkt')).toBe(jkt);

    // The key pair: in IndexedDB, the private key a CryptoKey the page itself cannot export.
    const key = await storedKey(page);
    expect(key).toMatchObject({ count: 1, isCryptoKey: true, extractable: false, algorithm: 'P-256', exportRefused: true });
    expect(await thumbprint(key.publicJwk as JWK)).toBe(jkt);

    // Every API call: DPoP token, a proof for its own method and URL, no 401 (GET, POST with a body, the avatar blob).
    const signedIn = [...seen.api];
    expect(signedIn.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(expect.arrayContaining(['GET /api/app/user-overviews/current', 'POST /api/plugandplay/avatar']));
    for (const call of signedIn) await expectBoundCall(call, gid!, jkt!);

    // Renewal: the token has expired; the next page's first call refreshes it with a proof of the same key.
    // The account page's last calls (its refetch after the upload) answered first: the expired
    // token's calls below are the dashboard's alone (CI once saw the profile's late answer here).
    await seen.quiet();
    await seen.settled();
    await expireStoredUser(page);
    seen.api.length = 0;
    await openInApp(page, '/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByTestId('device-count').waitFor();
    await seen.settled();
    expect(seen.tokens.map((t) => t.grantType)).toEqual(['authorization_code', 'refresh_token']);
    const renewal = seen.tokens[1]!;
    expect(renewal.dpop).toBeTruthy();
    expect(decodeJwt(renewal.dpop!)).toMatchObject({ htm: 'POST', htu: `${server.url}/oidc/token` });
    expect(await thumbprint(decodeProtectedHeader(renewal.dpop!).jwk as JWK)).toBe(jkt);
    expect(renewal.answer.token_type).toBe('DPoP');
    const renewed = renewal.answer.access_token!;
    expect(renewed).not.toBe(accessToken);
    expect((decodeJwt(renewed).cnf as { jkt?: string }).jkt).toBe(jkt);
    // The dashboard's live alarm stream (fetch, not the API client) is bound as well.
    expect(seen.api.map((c) => `${c.method} ${c.url.pathname}`)).toContain('GET /api/app/tracking/live');
    // None still carries the expired token: the renewal came first.
    for (const call of seen.api) expect(await expectBoundCall(call, gid!, jkt!), `${call.method} ${call.url.pathname}`).not.toBe(accessToken);

    // Sign-out removes the key: the next person to sign in here gets a new one.
    await page.getByRole('button', { name: 'Profile', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.url}/`);
    expect((await storedKey(page)).count).toBe(0);
    await context.close();
  });
});
