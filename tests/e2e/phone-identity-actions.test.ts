import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { signInAs } from '../support/browser';
import { usePhoneBrowser } from '../support/phone-browser';
import { tokensFor } from '../support/sign-in';

const WAIT = { timeout: 20_000 };
const PHONE_WIDTH = 360;

/** The first block of the phone list whose title is `title`. */
const block = (page: Page, title: string): Locator => page.locator('[data-testid="phone-record-list"] > li').filter({ has: page.getByText(title, { exact: true }) }).first();

/** Every button and link of a block lies wholly within the phone's width (nothing to scroll to). */
async function offScreen(item: Locator): Promise<string[]> {
  const controls = item.locator('a, button');
  const out: string[] = [];
  for (let i = 0; i < (await controls.count()); i++) {
    const box = await controls.nth(i).boundingBox();
    const name = (await controls.nth(i).getAttribute('aria-label')) ?? (await controls.nth(i).textContent()) ?? '';
    if (!box || box.x < 0 || box.x + box.width > PHONE_WIDTH + 0.5) out.push(`${name.trim()} at ${box ? `${Math.round(box.x)}..${Math.round(box.x + box.width)}` : 'nowhere'}`);
  }
  return out;
}

/**
 * A host administrator on a 360 x 740 phone reaches every identity action: users and roles are
 * one block each with their buttons on screen, a role opens by its name, and the audit log keeps
 * its URLs readable (never one letter a line).
 */
describe('identity lists on a phone (360 x 740)', () => {
  const env = usePhoneBrowser();

  it('shows each user with Edit, Lock and End all sessions on screen', async () => {
    const page = await env.phone();
    await signInAs(page, env.server.url, 'admin', DEMO_PASSWORD, '/identity-management/users');
    const staff = block(page, 'staff');
    await staff.waitFor(WAIT);
    await staff.getByRole('link', { name: 'Edit' }).waitFor(WAIT);
    for (const name of [/^Lock staff$/, /^End all sessions/]) await staff.getByRole('button', { name }).waitFor(WAIT);
    expect(await offScreen(staff)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
    // The Lock dialog opens from there.
    await staff.getByRole('button', { name: 'Lock staff' }).click();
    await page.getByRole('dialog').waitFor(WAIT);
  });

  it('shows each role with Edit and Permissions on screen, and opens a role by its name', async () => {
    const page = await env.phone();
    await signInAs(page, env.server.url, 'admin', DEMO_PASSWORD, '/identity-management/roles');
    const role = block(page, 'Plug and Play User');
    await role.waitFor(WAIT);
    await role.getByRole('link', { name: 'Edit' }).waitFor(WAIT);
    await role.getByRole('button', { name: /Permissions/ }).waitFor(WAIT);
    expect(await offScreen(role)).toEqual([]);
    await role.getByRole('link', { name: 'Plug and Play User' }).click();
    await page.waitForURL(/\/identity-management\/roles\/[^/]+$/, WAIT);
  });

  it('lists audit log entries with their URL on whole lines and the Details button on screen', async () => {
    const { access_token: token } = await tokensFor(env.server.url, 'admin', DEMO_PASSWORD);
    const made = await fetch(`${env.server.url}/api/app/organizations-overviews`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Phone Audit Ward', code: 'PAW-1' }),
    });
    expect(made.status).toBe(200);
    const page = await env.phone();
    await signInAs(page, env.server.url, 'admin', DEMO_PASSWORD, '/audit-logs');
    const entry = block(page, 'POST 200 /api/app/organizations-overviews');
    await entry.waitFor(WAIT);
    expect(await offScreen(entry)).toEqual([]);
    // The URL's line boxes: a letter a line would make one per character (41 here); whole words take two.
    const lines = await entry.getByText('POST 200 /api/app/organizations-overviews', { exact: true }).evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBeLessThanOrEqual(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
  });
});
