import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { launchBrowser, signInAs } from './browser';
import type { Config } from '../../server/config';
import type { TestServer } from './server';
import { startWebServer } from './web-server';

export interface SignedInOptions {
  viewport?: { width: number; height: number };
  /** Close the pages opened before first (a browser opens a file chooser for the page in front only). */
  alone?: boolean;
}

/**
 * A browser test file's web server (demo data) and browser, started together before its tests and
 * closed after them with every context the file opened, and demo users' pages signed in through
 * the issuer's form. Call it in the file's `describe`; `settings` (made before the server starts,
 * e.g. with a stand-in's address) are the server's own.
 */
export function browserSuite(settings: () => Partial<Config> | Promise<Partial<Config>> = () => ({})) {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    [server, browser] = await Promise.all([Promise.resolve(settings()).then((overrides) => startWebServer('', overrides)), launchBrowser()]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`${what} is not started: use it inside a test`);
    return value;
  };
  return {
    get server(): TestServer {
      return started(server, 'the web server');
    },
    get browser(): Browser {
      return started(browser, 'the browser');
    },
    /** A page of a new context (en-GB), signed in as the demo user `userName`, at `returnTo`. */
    async signedIn(userName: string, returnTo: string, { viewport = { width: 1280, height: 900 }, alone = false }: SignedInOptions = {}): Promise<Page> {
      if (alone) for (const open of contexts.splice(0)) await open.close();
      const context = await started(browser, 'the browser').newContext({ viewport, locale: 'en-GB' });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (err) => console.error('page error:', err.message));
      await signInAs(page, started(server, 'the web server').url, userName, DEMO_PASSWORD, returnTo);
      return page;
    },
  };
}
