import type { Config } from '../../server/config';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import type { TestServer } from './server';
import { startSmtpServer, type TestMailbox } from './smtp';
import { startWebServer } from './web-server';

export interface PhoneBrowserEnv {
  server: TestServer;
  /** Only with `mail: true`: the real SMTP server the app sends to. */
  mailbox: TestMailbox;
  /** A new browser context the size of a small phone (360 x 740), English. */
  phone(): Promise<Page>;
}

/**
 * Registers the suite's beforeAll/afterAll: the real server with the built web app (and a real
 * SMTP mailbox when asked), one browser, and phone-sized pages. Read the fields inside tests.
 */
export function usePhoneBrowser(options: { mail?: boolean; config?: Partial<Config> } = {}): PhoneBrowserEnv {
  let browser: Browser;
  const env = {} as PhoneBrowserEnv;
  beforeAll(async () => {
    if (options.mail) env.mailbox = await startSmtpServer();
    [env.server, browser] = await Promise.all([startWebServer('', { ...options.config, ...(options.mail ? { smtpUrl: env.mailbox.url } : {}) }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await env.server?.stop();
    await env.mailbox?.stop();
  });
  env.phone = async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-GB' });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    return page;
  };
  return env;
}
