import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { launchBrowser, signInAs } from '../support/browser';
import type { TestServer } from '../support/server';
import { startWebServer } from '../support/web-server';

const LIVE = '/api/app/tracking/live';

/** A request exactly as the page made it (its Authorization and, with DPoP, its unused proof), sent again from outside. */
async function replay(request: Request): Promise<Response> {
  const headers = await request.allHeaders();
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => ['authorization', 'dpop', 'accept', 'accept-language'].includes(name)));
  return fetch(request.url(), { method: request.method(), headers: kept });
}

/**
 * Holds the page's next `count` live-stream requests unsent (aborted in the browser, so their
 * proofs are never used) and gives them in order; later ones go through. Set before the page
 * opens, so no retry of the page's can slip past while a held one is being replayed.
 */
function holdLiveRequests(page: Page, count: number): Promise<Request>[] {
  const held: ((request: Request) => void)[] = [];
  const requests = Array.from({ length: count }, () => new Promise<Request>((resolve) => held.push(resolve)));
  let seen = 0;
  void page.route(`**${LIVE}`, async (route) => {
    if (seen >= count) return route.fallback();
    held[seen++]!(route.request());
    await route.abort();
  });
  return requests;
}

/**
 * Issue 15, tried as a new user would: a carer has Vigil open in two tabs and signs out in one.
 * The session ends on the API at once: what the other tab would send is refused, its live
 * stream too, and the other tab is at the sign-in page on its next load.
 */
describe('signing out in one tab', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("ends the session on the API at once, for the other tab's requests too", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    const first = await context.newPage();
    await signInAs(first, server.url, 'caregiver', DEMO_PASSWORD, '/dashboard');

    const second = await context.newPage();
    const [held, next] = holdLiveRequests(second, 2);
    await second.goto(`${server.url}/dashboard`);
    const control = await held!;
    // The tab's token is bound to its key: every request carries a proof made for it alone.
    const sent = await control.allHeaders();
    expect(sent.authorization).toMatch(/^DPoP /);
    expect(sent.dpop).toBeTruthy();
    // What the second tab sends works while the session is on (a stream opens)...
    const before = await replay(control);
    expect(before.status, `${before.headers.get('www-authenticate')} ${before.status === 200 ? '' : await before.text()}`).toBe(200);
    await before.body?.cancel();
    // The page tries again after a pause: that request is held too, for after the sign-out.
    const pending = await next!;

    // ...and is refused once the first tab signed out.
    await first.getByRole('button', { name: 'Profile' }).click();
    await first.getByRole('menuitem', { name: 'Sign out' }).click();
    await first.waitForURL(`${server.url}/`);
    const after = await replay(pending);
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toMatch(/invalid_token/);
    expect(((await after.json()) as { error: { code: string } }).error.code).toBe('Vigil:SessionEnded');

    await second.reload();
    await second.waitForURL(/\/oidc\/interaction\/|\/login/);
    await context.close();
  });
});
