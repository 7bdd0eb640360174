import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { signInAs } from '../support/browser';
import { usePhoneBrowser } from '../support/phone-browser';

/**
 * The silent renewal of a short-lived access token, as a carer sees it: nothing. The "session
 * expires" notice is for a renewal that did not happen, never one that is under way.
 */
describe('session renewal in a real browser', () => {
  // 75 s tokens: the expiring event comes 15 s after sign-in, and the renewal with it.
  const env = usePhoneBrowser({ config: { accessTokenTtl: 75 } });

  it('renews the access token silently, without announcing an expiry', async () => {
    const page = await env.phone();
    await signInAs(page, env.server.url, 'caregiver', DEMO_PASSWORD, '/dashboard');
    // Every text the page shows from now on, kept by the page itself.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenTexts: string[] }).seenTexts = seen;
      new MutationObserver(() => seen.push(document.body.innerText)).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const expiresAt = () => page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
      return key ? (JSON.parse(localStorage.getItem(key)!) as { expires_at: number }).expires_at : 0;
    });
    const first = await expiresAt();
    // Past the expiring event and the renewal's grace: a new token, and no notice on the way.
    await expect.poll(expiresAt, { timeout: 45_000, interval: 1000 }).toBeGreaterThan(first);
    await page.waitForTimeout(22_000);
    const texts = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts.join('\n'));
    expect(texts).not.toMatch(/session (expires|could not be renewed)/i);
  }, 120_000);
});
