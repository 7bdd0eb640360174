import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { signInAs } from '../support/browser';
import { wordsBrokenIn } from '../support/broken-words';
import { usePhoneBrowser } from '../support/phone-browser';

const WAIT = { timeout: 20_000 };
const WIDTH = 360;

interface Fit {
  /** document.documentElement.scrollWidth: more than the viewport means the page scrolls sideways. */
  pageWidth: number;
  /** The deepest elements that reach past the right edge, to say what overflows when it does. */
  overflowing: string[];
}

async function pageFit(page: Page): Promise<Fit> {
  return page.evaluate((width) => {
    const overflowing: string[] = [];
    const sticksOut = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.right > width + 0.5;
    };
    // The deepest elements that stick out: the ones whose own content is too wide.
    const walk = (el: Element) => {
      const children = Array.from(el.children);
      if (sticksOut(el) && !children.some(sticksOut) && overflowing.length < 8) {
        const box = el.getBoundingClientRect();
        const cls = typeof el.className === 'string' ? el.className.split(' ').slice(0, 2).join('.') : '';
        overflowing.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls ? `.${cls}` : ''} ("${(el.textContent ?? '').slice(0, 30)}", ${Math.round(box.left)}..${Math.round(box.right)})`);
      }
      for (const child of children) walk(child);
    };
    walk(document.body);
    return { pageWidth: document.documentElement.scrollWidth, overflowing };
  }, WIDTH);
}

/** The control is shown and lies wholly inside the 360 px viewport. */
async function expectInView(name: string, control: Locator): Promise<void> {
  await control.waitFor(WAIT);
  const box = await control.boundingBox();
  expect(box, `${name} has no box`).not.toBeNull();
  if (!box) return;
  expect(box.width, `${name} width`).toBeGreaterThan(0);
  expect(box.x, `${name} left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name} right edge`).toBeLessThanOrEqual(WIDTH);
}

/** No sideways scrolling, the app bar's controls in view, and the page's title in the app bar not cut. */
async function expectPhoneLayout(page: Page, title: string): Promise<void> {
  const appTitle = page.locator('#react-admin-title');
  await appTitle.getByText(title, { exact: true }).waitFor(WAIT);
  // Let late content (lists, cards, the web font) settle before measuring. Not 'networkidle': the
  // dashboard keeps its event stream open.
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await page.waitForTimeout(1_500);

  const fit = await pageFit(page);
  expect(fit.pageWidth, `page is wider than the phone: ${fit.overflowing.join(', ')}`).toBeLessThanOrEqual(WIDTH);

  const appBar = page.locator('header');
  await expectInView('language switcher', appBar.getByTestId('language-switcher'));
  await expectInView('theme switcher', appBar.getByTestId('theme-switcher'));
  await expectInView('user menu', appBar.getByRole('button', { name: 'Profile' }));

  await expectInView('page title', appTitle);
  const clip = await appTitle.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, scrollHeight: el.scrollHeight, clientHeight: el.clientHeight }));
  expect(clip.scrollWidth, `title "${title}" is cut sideways`).toBeLessThanOrEqual(clip.clientWidth);
  expect(clip.scrollHeight, `title "${title}" is cut off below`).toBeLessThanOrEqual(clip.clientHeight);
  expect(clip.clientWidth, `title "${title}" has no room`).toBeGreaterThan(0);
}

interface TitleWords {
  text: string;
  /** The words the browser laid out on more than one line (broken inside the word). */
  broken: string[];
  /** The text runs past the box and ends in an ellipsis: then `title` must hold the whole of it. */
  cut: boolean;
  ellipsis: boolean;
  title: string | null;
}

/** How the app bar title's words are laid out. */
async function titleWords(page: Page): Promise<TitleWords> {
  const title = page.locator('#react-admin-title');
  const broken = await wordsBrokenIn(title);
  const box = await title.evaluate((el) => {
    const style = getComputedStyle(el);
    return { text: (el.textContent ?? '').trim(), cut: el.scrollWidth > el.clientWidth, ellipsis: style.textOverflow === 'ellipsis', title: el.getAttribute('title') };
  });
  return { ...box, broken };
}

/** A 360 x 740 phone: every page fits the screen's width, with the app bar's controls and the title readable. */
describe('phone layout (360 x 740)', () => {
  const env = usePhoneBrowser();

  it('fits the caregiver billing page, its subscription cards and the app bar on the phone', async () => {
    const page = await env.phone();
    await signInAs(page, env.server.url, 'caregiver', DEMO_PASSWORD, '/subscription/billing');
    await page.locator('article[data-subscription]').first().waitFor(WAIT);
    await expectPhoneLayout(page, 'Billing');
    // Every subscription card lies inside the screen.
    const cards = page.locator('article[data-subscription]');
    for (let i = 0; i < (await cards.count()); i++) await expectInView(`subscription card ${i + 1}`, cards.nth(i));
  });

  it('shows the whole title of the caregiver dashboard and geofence pages in the app bar', async () => {
    const page = await env.phone();
    await signInAs(page, env.server.url, 'caregiver', DEMO_PASSWORD, '/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor(WAIT);
    await expectPhoneLayout(page, 'Dashboard');

    await page.goto(`${env.server.url}/geofence`);
    await page.getByRole('heading', { name: 'Geofences', level: 1 }).waitFor(WAIT);
    await expectPhoneLayout(page, 'Geofences');
  });

  it('fits the roles page, with its Create button in view, for the admin', async () => {
    const page = await env.phone();
    await signInAs(page, env.server.url, 'admin', DEMO_PASSWORD, '/identity-management/roles');
    // On a phone the roles are a list of blocks, not a table (tests/e2e/phone-identity-actions.test.ts).
    await page.getByTestId('phone-record-list').locator('li[data-record-id]').first().waitFor(WAIT);
    await expectPhoneLayout(page, 'Roles');
    await expectInView('Create button', page.getByRole('link', { name: 'Create' }));
  });

  it('shows the create-only lists in Danish with the search right under the title, the Default chip apart from its name and the alarm-language notice on one line', async () => {
    const page = await env.phone();
    await signInAs(page, env.server.url, 'admin', DEMO_PASSWORD, '/dashboard');
    // The admin's alarms are written in English; the app now speaks Danish. (Claim types share
    // their toolbar with these lists; the demo has none, so that list shows its empty page.)
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'da'));
    const lists = { '/identity-management/roles': 'Roller', '/language-management/languages': 'Sprog', '/identity-management/users': 'Brugere' };
    for (const [path, title] of Object.entries(lists)) {
      await page.goto(`${env.server.url}${path}`);
      await page.locator('#react-admin-title').getByText(title, { exact: true }).waitFor(WAIT);
      await page.locator('.RaList-main .RaList-content').waitFor(WAIT);
      const fit = await pageFit(page);
      expect(fit.pageWidth, `${path} is wider than the phone: ${fit.overflowing.join(', ')}`).toBeLessThanOrEqual(WIDTH);
      // The list's toolbar holds the search only: no empty band (a toolbar around the floating Create) above it.
      const search = page.locator('.RaList-actions').getByRole('textbox');
      const gap = await search.evaluate((input) => input.getBoundingClientRect().top - input.closest('.RaList-actions')!.getBoundingClientRect().top);
      expect(gap, `${path}: space above the search`).toBeLessThan(24);
      await expectInView(`${path}: Create button`, page.locator('.RaCreateButton-floating'));
    }

    // Languages: the default language's chip keeps a gap from the name it follows.
    await page.goto(`${env.server.url}/language-management/languages`);
    const chip = page.locator('.MuiChip-root').filter({ hasText: 'Standard' });
    const gap = await chip.evaluate((el) => {
      // SimpleList puts the chip (its tertiary text) right after the name (its primary text).
      const name = el.previousElementSibling!;
      return el.getBoundingClientRect().left - name.getBoundingClientRect().right;
    });
    expect(gap, 'space between the name and its Default chip').toBeGreaterThanOrEqual(6);

    // The notice is one dense line with its button; a screen reader still reads the whole sentence.
    const notice = page.getByRole('status').filter({ hasText: 'Dine alarmer og e-mails skrives på et andet sprog: English.' });
    await notice.waitFor(WAIT);
    const box = await notice.boundingBox();
    expect(box!.height, 'height of the alarm-language notice').toBeLessThanOrEqual(48);
    await expectInView('alarm-language button', notice.getByRole('button', { name: 'Brug dette sprog' }));
    expect(await notice.ariaSnapshot()).toContain('Dine alarmer og e-mails skrives på et andet sprog: English.');
  });

  it('never breaks a title inside a word, in German and Danish beside the tenant filter, and the menu entries fit', async () => {
    const page = await env.phone();
    await signInAs(page, env.server.url, 'admin', DEMO_PASSWORD, '/dashboard');
    const pages: Record<string, Record<string, string>> = {
      de: { '/device-administration': 'Geräteverwaltung', '/customers': 'Kunden', '/command-templates': 'Befehlsvorlagen', '/identity-management/organization-units': 'Organisationseinheiten' },
      da: { '/device-administration': 'Enhedsadministration', '/command-templates': 'Kommandoskabeloner', '/alarm-texts': 'Alarmtekster' },
    };
    for (const [language, titles] of Object.entries(pages)) {
      await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
      for (const [path, title] of Object.entries(titles)) {
        await page.goto(`${env.server.url}${path}`);
        await page.locator('#react-admin-title').getByText(title, { exact: true }).waitFor(WAIT);
        await page.evaluate(async () => {
          await document.fonts.ready;
        });
        const words = await titleWords(page);
        expect(words.broken, `"${title}" (${language}) is broken inside a word`).toEqual([]);
        // Cut short only with an ellipsis, and the whole title is the element's title.
        if (words.cut) expect(words.ellipsis, `"${title}" is cut without an ellipsis`).toBe(true);
        expect(words.title).toBe(title);
      }
    }

    // The menu's entries (Danish 'Kommandoskabeloner', 'Organisationsenheder') fit its width.
    await page.locator('header button').first().click(); // the menu button, named in German
    const entries = page.locator('.RaMenuItemLink-root');
    await entries.first().waitFor(WAIT);
    const cutEntries = () =>
      entries.evaluateAll((els) =>
        els
          .filter((el) => {
            const words = Array.from(el.querySelectorAll('*')).some((child) => child.scrollWidth > child.clientWidth + 0.5 && getComputedStyle(child).textOverflow === 'ellipsis');
            return words || el.scrollWidth > el.clientWidth || el.getBoundingClientRect().right > window.innerWidth;
          })
          .map((el) => el.textContent),
      );
    expect(await cutEntries()).toEqual([]);

    // On a laptop the sidebar is open: German's 'Organisationseinheiten' and English 'Command templates' are whole too.
    await page.setViewportSize({ width: 1366, height: 850 });
    for (const [language, entry] of [['de', 'Organisationseinheiten'], ['en', 'Command templates']]) {
      await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language!);
      await page.goto(`${env.server.url}/customers`);
      await entries.filter({ hasText: entry! }).waitFor(WAIT);
      expect(await cutEntries(), language).toEqual([]);
    }
  });
});
