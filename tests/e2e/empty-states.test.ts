import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { seriousAxeViolations } from '../support/axe';
import { signInAs } from '../support/browser';
import { usePhoneBrowser } from '../support/phone-browser';

const WAIT = { timeout: 20_000 };

/** The demo carer on a 360 px phone: a list with nothing in it says what is empty and what to do next. */
describe('caregiver empty states in a real browser', () => {
  const env = usePhoneBrowser();

  it('shows the Guides empty state, with what to do next, in English and in Danish', async () => {
    await sql`delete from guides`.execute(env.server.database.db);
    const page = await env.phone();
    await signInAs(page, env.server.url, 'caregiver', DEMO_PASSWORD, '/guides');

    const empty = page.getByRole('region', { name: 'No guides yet' });
    await empty.waitFor(WAIT);
    await empty.getByText('Guides from your care provider will appear here once they are published. Until then, the FAQ answers common questions.').waitFor();
    await empty.getByRole('link', { name: 'Read the FAQ' }).waitFor();
    // No invitation to add a guide the caregiver can't add.
    expect(await page.getByText('Do you want to add one?').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Danish, the language chosen in the language switcher (kept in localStorage 'i18nextLng').
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'da-DK'));
    await page.reload();
    const tom = page.getByRole('region', { name: 'Ingen vejledninger endnu' });
    await tom.waitFor(WAIT);
    await tom.getByText('Vejledninger fra din plejeudbyder vises her, når de er udgivet. Indtil da besvarer FAQ’en de mest almindelige spørgsmål.').waitFor();
    await tom.getByRole('link', { name: 'Læs FAQ’en' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
