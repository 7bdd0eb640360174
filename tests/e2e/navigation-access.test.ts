import { describe, expect, it } from 'vitest';
import { browserSuite } from '../support/browser-suite';

/**
 * Menu entries lead somewhere: tenant staff see no entry whose API refuses them (language texts,
 * device administration, accessories are the host's), and a route the user lacks the policy for
 * shows Access denied instead of an empty page.
 */
describe('menu entries and routes follow the API policies', () => {
  const suite = browserSuite();
  const { signedIn } = suite;
  const WAIT = { timeout: 20_000 };

  it('shows staff no menu entry whose page the API refuses them', async () => {
    const page = await signedIn('staff', '/customers');
    const refused: string[] = [];
    page.on('response', (res) => {
      if (res.status() === 403 && res.url().includes('/api/')) refused.push(res.url());
    });
    const menu = page.locator('.RaMenuItemLink-root');
    await expect.poll(async () => (await menu.allTextContents()).map((t) => t.trim()), WAIT).toContain('Roles');
    const entries = (await menu.allTextContents()).map((t) => t.trim());
    expect(entries).toContain('Customers');
    for (const hostOnly of ['Language texts', 'Languages', 'Device administration', 'Accessories', 'Tenants']) expect(entries).not.toContain(hostOnly);

    // Typed in anyway: Access denied, and the page never asks the API.
    await page.goto(`${suite.server.url}/language-management/texts`);
    await page.getByText('Access denied').first().waitFor(WAIT);
    expect(refused.filter((url) => url.includes('/language-management/'))).toEqual([]);
  });

  it('shows a caregiver Access denied on organization units, not an empty page', async () => {
    const page = await signedIn('caregiver', '/dashboard');
    const calls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/identity/')) calls.push(req.url());
    });
    await page.goto(`${suite.server.url}/identity-management/organization-units`);
    await page.getByText('Access denied').first().waitFor(WAIT);
    expect(calls).toEqual([]);
  });
});
