import type { Browser, BrowserContext, Page } from 'playwright-core';
import englishMessages from 'ra-language-english';
import { LANGUAGES } from '../../common/languages';
import type { ResourceSchema } from '../../common/schema/types';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { ROUTES } from '../../src/routing/routes';
import { seriousAxeViolations } from './axe';
import { signInAs } from './browser';
import { tokensFor } from './sign-in';

/**
 * The route matrix (one browser context per role, viewport and language, moving from route to
 * route): every route of src/routing/routes.ts and every detail and create route of the
 * schema resources, with ids from the demo data. Each visit checks that the user sees the page or
 * Access denied as their granted policies say, no console error, no failed API call, no sideways
 * scroll, no untranslated key, no English left on a Danish page, and no serious axe finding.
 */
export const MATRIX_ROLES = ['admin', 'staff', 'caregiver'] as const;
export type MatrixRole = (typeof MATRIX_ROLES)[number];
export const VIEWPORTS = { desk: { width: 1366, height: 850 }, phone: { width: 360, height: 740 } } as const;
export type ViewportName = keyof typeof VIEWPORTS;
export type Language = 'en' | 'da';

export interface MatrixRoute {
  path: string;
  /** The policy the route needs; undefined: every signed-in user. */
  policy: string | undefined;
  kind: 'menu' | 'show' | 'edit' | 'create';
}

export interface Visit {
  role: MatrixRole;
  viewport: ViewportName;
  language: Language;
  route: MatrixRoute;
  outcome: 'page' | 'denied' | 'unsettled';
  problems: string[];
  /** Milliseconds the visit took, checks included, and axe's part of it. */
  ms: number;
  timing?: { ready: number; axe: number };
}

/**
 * API answers a page expects and handles (the user sees the designed state, not an error):
 * no billing customer yet (SPEC's "Stripe customer not found" state). Having no picture is not
 * one: it answers 204.
 */
const EXPECTED_API_ANSWERS = [
  { method: 'GET', path: '/api/stripe/customer', status: 404 },
];

/**
 * Pages whose content is translation keys and English texts by design: language texts lists each
 * text's key and English source beside the translation.
 */
const TEXT_CATALOGUE_ROUTES = new Set(['/language-management/texts']);

/** Chromium logs every HTTP error answer to the console; the answer itself is checked on its own. */
const HTTP_ERROR_CONSOLE = /^Failed to load resource: the server responded with a status of \d+/;

/** The texts a language's pages may show: every served namespace, flattened by key. */
export type Texts = Map<string, string>;

/** Flattens a namespace into keys 'ns:a.b.c' (prefix 'ns:'), or 'a.b.c' with no prefix. */
function flatten(tree: unknown, prefix: string, into: Texts): void {
  if (typeof tree === 'string') into.set(prefix, tree);
  else if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) flatten(value, !prefix || prefix.endsWith(':') ? `${prefix}${key}` : `${prefix}.${key}`, into);
  }
}

/** Every namespace the server serves for `folder`, as served (files, generated, overrides). */
export async function servedTexts(baseUrl: string, folder: string, namespaces: readonly string[]): Promise<Texts> {
  const texts: Texts = new Map();
  if (folder === 'en') flatten(englishMessages, '', texts);
  for (const ns of namespaces) {
    const res = await fetch(`${baseUrl}/locales/${folder}/${ns}.json`);
    if (res.ok) flatten(await res.json(), `${ns}:`, texts);
  }
  // ra.* keys live in 'admin' as well as in react-admin's own English: one key space for both.
  for (const [key, value] of [...texts]) if (key.startsWith('admin:ra.')) texts.set(key.slice('admin:'.length), value);
  return texts;
}

/**
 * English texts a Danish page must not show: those whose key has no Danish text or a different
 * one, leaving out words Danish shares (a text that is also some Danish text) and interpolations.
 */
export function englishOnly(english: Texts, danish: Texts): Set<string> {
  // A language's own name ("English" in the language list) is the same in every language.
  const danishValues = new Set([...danish.values(), ...LANGUAGES.map((l) => l.displayName)]);
  const out = new Set<string>();
  for (const [key, value] of english) {
    const text = value.trim();
    if (text.length < 4 || !/[a-z]{3}/i.test(text) || /{{|%{|<\/?[a-z]/i.test(text)) continue;
    if (danish.get(key) === value || danishValues.has(text)) continue;
    out.add(text);
  }
  return out;
}

/** First segments of translation keys ('menu', 'ra', 'resources', ...): a text made of them is a key shown raw. */
export function keyPattern(english: Texts): RegExp {
  const firsts = new Set([...english.keys()].map((key) => key.replace(/^[a-z]+:/, '').split('.')[0]!).filter((first) => /^[a-zA-Z]{2,}$/.test(first)));
  return new RegExp(`(?:^|\\s)(?:[a-z]+:)?(?:${[...firsts].join('|')})\\.[A-Za-z][A-Za-z0-9_]*(?:\\.[A-Za-z0-9_]+)*(?=\\s|$)`);
}

async function api<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as T;
}

export interface RoleView {
  granted: Set<string>;
  routes: MatrixRoute[];
}

/**
 * The routes to visit for a signed-in user: every navigation entry, and for each schema resource
 * the user may read, its show and edit page of the first record and its create page.
 */
export async function routesFor(baseUrl: string, userName: string): Promise<RoleView> {
  // A sign-in of the test's own: the page's tokens are bound to the browser's key (DPoP).
  const { access_token: token } = await tokensFor(baseUrl, userName, DEMO_PASSWORD);
  const config = await api<{ auth: { grantedPolicies: Record<string, boolean> } }>(baseUrl, token, '/api/abp/application-configuration');
  const granted = new Set(Object.entries(config.auth.grantedPolicies).filter(([, on]) => on).map(([name]) => name));
  const routes: MatrixRoute[] = ROUTES.map((entry) => ({ path: entry.path, policy: entry.policy, kind: 'menu' }));
  const { items: schemas } = await api<{ items: ResourceSchema[] }>(baseUrl, token, '/api/app/schemas');
  for (const schema of schemas) {
    const { name, endpoint, policy, views } = schema['x-resource'];
    const first = await api<{ items: { id: string }[] }>(baseUrl, token, `${endpoint}?MaxResultCount=1`).catch(() => ({ items: [] }));
    const id = first.items[0]?.id;
    if (id && views?.show !== false) routes.push({ path: `/${name}/${id}/show`, policy, kind: 'show' });
    if (id && views?.edit !== false) routes.push({ path: `/${name}/${id}`, policy: `${policy}.Update`, kind: 'edit' });
    if (views?.create !== false) routes.push({ path: `/${name}/create`, policy: `${policy}.Create`, kind: 'create' });
  }
  return { granted, routes };
}

/** A request that never ends by design (the live alarm stream), and so never keeps a page busy. */
const isStream = (url: string, type: string) => type === 'eventsource' || type === 'websocket' || new URL(url).pathname === '/api/app/tracking/live';

/**
 * Tracks the page's requests, console errors and page errors between two calls of `take`: every
 * request counts towards "busy" (a route's code chunk as well as its API calls), only API answers
 * count as failures.
 */
export function pageWatch(page: Page) {
  const inFlight = new Set<unknown>();
  let lastActivity = Date.now();
  let problems: string[] = [];
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (req) => {
    if (isStream(req.url(), req.resourceType())) return;
    inFlight.add(req);
    lastActivity = Date.now();
  });
  const done = (req: unknown) => {
    inFlight.delete(req);
    lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', (req) => {
    done(req);
    // A request the next navigation cancels is not a failure of the page.
    if (isApi(req.url()) && !/ERR_ABORTED/.test(req.failure()?.errorText ?? '')) problems.push(`request failed: ${req.method()} ${new URL(req.url()).pathname} ${req.failure()?.errorText ?? ''}`);
  });
  page.on('response', (res) => {
    if (!isApi(res.url()) || res.status() < 400) return;
    const method = res.request().method();
    const path = new URL(res.url()).pathname;
    if (EXPECTED_API_ANSWERS.some((e) => e.method === method && e.path === path && e.status === res.status())) return;
    problems.push(`API ${res.status()}: ${method} ${path}`);
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !HTTP_ERROR_CONSOLE.test(msg.text())) problems.push(`console error: ${msg.text().slice(0, 200)}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message.slice(0, 200)}`));
  return {
    /** Resolves when no request has been under way for 200 ms and nothing shows it is loading. */
    async settled(timeout = 20_000): Promise<boolean> {
      lastActivity = Date.now();
      const until = Date.now() + timeout;
      while (Date.now() < until) {
        // A determinate bar (a battery level) is content; only an indeterminate one is loading.
        const busy = inFlight.size > 0 || Date.now() - lastActivity < 200 || (await page.locator('[role="progressbar"]:not([aria-valuenow]):visible').count()) > 0;
        if (!busy) return true;
        await page.waitForTimeout(100);
      }
      return false;
    },
    take(): string[] {
      const taken = problems;
      problems = [];
      return taken;
    },
  };
}

/** What a language's pages are checked against. */
export interface LanguageTexts {
  /** React-admin's "Access denied" title in this language. */
  deniedText: string;
  /** The app bar's language button. */
  languageButton: string;
  /** English texts no page in this language may show (empty for English). */
  englishOnly: Set<string>;
}

export interface MatrixContext {
  browser: Browser;
  baseUrl: string;
  viewport: ViewportName;
  languages: Record<Language, LanguageTexts>;
  keyPattern: RegExp;
}


/**
 * Switches the app's language as a person does (the app bar's language menu), without reloading,
 * and waits until the page is in it.
 */
async function switchLanguage(page: Page, ctx: MatrixContext, from: Language, to: Language, watch: ReturnType<typeof pageWatch>): Promise<void> {
  await page.getByRole('button', { name: ctx.languages[from].languageButton, exact: true }).first().click();
  await page.locator(`[role="menuitem"][lang="${to}"]`).click();
  await page.waitForFunction((lng) => document.documentElement.lang === lng, to, { timeout: 10_000 });
  // <html lang> changes before React renders the new words: the app bar's own button, in the new
  // language, shows the screen has been rendered in it.
  await page.getByRole('button', { name: ctx.languages[to].languageButton, exact: true }).first().waitFor({ timeout: 10_000 });
  await watch.settled();
}

/**
 * Visits every route for one role in one context. Each route is loaded once and checked in the
 * language it opened in, then switched in place to the other language and checked again: one
 * page load for both, and the switch itself is exercised on every screen.
 */
export async function visitAll(ctx: MatrixContext, role: MatrixRole): Promise<Visit[]> {
  // Signed in through the English sign-in page; the app's language is then the stored choice.
  const context: BrowserContext = await ctx.browser.newContext({ viewport: VIEWPORTS[ctx.viewport], locale: 'en-GB' });
  try {
    const page = await context.newPage();
    const watch = pageWatch(page);
    await signInAs(page, ctx.baseUrl, role, DEMO_PASSWORD, '/account');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    const { granted, routes } = await routesFor(ctx.baseUrl, role);
    await page.goto(`${ctx.baseUrl}/account`);
    await watch.settled();
    const visits: Visit[] = [];
    const startProblems = watch.take();
    if (ctx.viewport === 'desk') {
      await page.locator('a[role="menuitem"][href]').first().waitFor({ timeout: 10_000 }).catch(() => undefined);
      const shown = await page.locator('a[role="menuitem"][href]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      const expected = ROUTES.filter((entry) => !entry.policy || granted.has(entry.policy)).map((entry) => entry.path);
      const navPaths = new Set(ROUTES.map((entry) => entry.path));
      const shownNav = [...new Set(shown.filter((p) => navPaths.has(p)))].sort();
      const problems = [...startProblems];
      if (JSON.stringify(shownNav) !== JSON.stringify([...expected].sort())) problems.push(`menu shows ${JSON.stringify(shownNav)}, granted ${JSON.stringify([...expected].sort())}`);
      visits.push({ role, viewport: ctx.viewport, language: 'en', route: { path: '(menu)', policy: undefined, kind: 'menu' }, outcome: 'page', problems, ms: 0 });
    }
    // Access denied is one screen whatever the route: axe checks it once per language.
    const deniedChecked: Record<Language, boolean> = { en: false, da: false };
    let current: Language = 'en';
    for (const route of routes) {
      const started = Date.now();
      watch.take();
      // A fresh load per route, as a bookmark or a link from a mail opens it: what is checked is
      // this route's own screen, never the last one still on its way out.
      await page.goto(`${ctx.baseUrl}${route.path}`, { waitUntil: 'domcontentloaded' });
      const settled = await watch.settled();
      visits.push(await check(ctx, page, watch, role, route, granted, current, settled, deniedChecked, started));
      const other: Language = current === 'en' ? 'da' : 'en';
      const switchedAt = Date.now();
      const switched = settled
        ? await switchLanguage(page, ctx, current, other, watch).then(
            () => true,
            () => false,
          )
        : false;
      current = other;
      visits.push(await check(ctx, page, watch, role, route, granted, current, switched, deniedChecked, switchedAt));
    }
    return visits;
  } finally {
    await context.close();
  }
}

/** The page's text once `ready` holds for it, or as it is when `timeout` ms have passed. */
async function bodyTextWhen(page: Page, ready: (text: string) => boolean, timeout: number): Promise<string> {
  const until = Date.now() + timeout;
  for (;;) {
    const text = await page.locator('body').innerText();
    if (ready(text) || Date.now() >= until) return text;
    await page.waitForTimeout(100);
  }
}

async function check(
  ctx: MatrixContext,
  page: Page,
  watch: ReturnType<typeof pageWatch>,
  role: MatrixRole,
  route: MatrixRoute,
  granted: Set<string>,
  language: Language,
  settled: boolean,
  deniedChecked: Record<Language, boolean>,
  started: number,
): Promise<Visit> {
  const ready = Date.now() - started;
  const texts = ctx.languages[language];
  const problems: string[] = [];
  const expectPage = !route.policy || granted.has(route.policy);
  const readsRawKey = (body: string) => !TEXT_CATALOGUE_ROUTES.has(route.path) && body.split('\n').some((line) => ctx.keyPattern.test(line));
  // "Settled" (no request for 200 ms) can come before react-admin's access check has rendered
  // Access denied, or before a render that was already on its way: a screen that is not yet what
  // it should be gets up to 5 s to become it. What stays wrong after that is a defect.
  const text = await bodyTextWhen(page, (body) => (expectPage || body.includes(texts.deniedText)) && !readsRawKey(body), 5_000);
  const denied = text.includes(texts.deniedText);
  const outcome: Visit['outcome'] = !settled ? 'unsettled' : denied ? 'denied' : 'page';
  if (!settled) problems.push(`did not settle within 20 s (${language})`);
  if (expectPage && denied) problems.push(`Access denied, but ${route.policy ?? 'no policy'} is granted`);
  if (!expectPage && !denied) problems.push(`shown without ${route.policy}`);

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) problems.push(`${overflow} px wider than the viewport`);
  const rawKey = readsRawKey(text) ? text.split('\n').find((line) => ctx.keyPattern.test(line)) : undefined;
  if (rawKey) problems.push(`untranslated key: ${rawKey.trim().slice(0, 120)}`);
  if (texts.englishOnly.size && !TEXT_CATALOGUE_ROUTES.has(route.path)) {
    const strings = await page.evaluate(() => {
      const out: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (parent && parent.closest('[aria-hidden="true"], script, style')) continue;
        const value = node.textContent?.trim();
        if (value) out.push(value);
      }
      for (const el of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
        for (const attr of ['aria-label', 'placeholder', 'title']) {
          const value = el.getAttribute(attr)?.trim();
          if (value) out.push(value);
        }
      }
      return out;
    });
    const english = [...new Set(strings.filter((s) => texts.englishOnly.has(s)))];
    if (english.length) problems.push(`English on a ${language} page: ${english.slice(0, 5).map((s) => JSON.stringify(s)).join(', ')}`);
  }
  const checkedAt = Date.now();
  if (settled && !(denied && deniedChecked[language])) {
    if (denied) deniedChecked[language] = true;
    const findings = await seriousAxeViolations(page).catch((err: Error) => [{ id: 'axe-failed', impact: 'critical', help: err.message, targets: [] }]);
    for (const f of findings) problems.push(`axe ${f.impact} ${f.id}: ${f.targets.slice(0, 3).join(', ')}`);
  }
  problems.push(...watch.take());
  const timing = { ready, axe: Date.now() - checkedAt };
  return { role, viewport: ctx.viewport, language, route, outcome, problems, ms: Date.now() - started, timing };
}

/** The table the matrix prints: one line per visit. */
export function visitTable(visits: readonly Visit[]): string {
  return visits
    .map((v) => `${v.role.padEnd(9)} ${v.viewport.padEnd(5)} ${v.language} ${v.route.path.padEnd(64)} ${v.outcome.padEnd(9)} ${String(v.ms).padStart(5)} ms ${v.timing ? `(ready ${v.timing.ready}, axe ${v.timing.axe}) ` : ''}${v.problems.length ? v.problems.join(' | ') : 'ok'}`)
    .join('\n');
}
