import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

export interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/** A violation as axe-core reports it (the fields tests read). */
export interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: string[] }[];
}

export interface AxeScanOptions {
  /** CSS selectors of the parts to check (default: the whole document). */
  include?: string[];
  exclude?: string[];
  /** Rule tags to run (default: every rule). */
  tags?: string[];
}

/** WCAG 2.1 A and AA: what the route matrix and the page checks hold every screen to. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core in the page itself: injected once per document, then `axe.run` with violations
 * only. @axe-core/playwright's AxeBuilder injects axe on every call and finishes each run in a new
 * blank page; on this app's screens that took 1.5 to 3 s a scan against 0.2 to 0.6 s here, and
 * the route matrix makes about a hundred scans per file. The app has no content frames (the only
 * frame is oidc-client-ts's hidden silent-renew one), so frames are not scanned.
 */
export async function axeScan(page: Page, options: AxeScanOptions = {}): Promise<{ violations: AxeViolation[] }> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async ({ include, exclude, tags }) => {
    type Axe = { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> };
    const axe = (window as unknown as { axe: Axe }).axe;
    const context = include || exclude ? { ...(include ? { include: include.map((s) => [s]) } : {}), ...(exclude ? { exclude: exclude.map((s) => [s]) } : {}) } : document;
    const result = await axe.run(context, { iframes: false, resultTypes: ['violations'], ...(tags ? { runOnly: { type: 'tag', values: tags } } : {}) });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? null, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target.map(String) })) }));
  }, options);
  return { violations };
}

/**
 * Waits until nothing on the page is moving: MUI fades dialogs in and grows snackbars over a few
 * hundred milliseconds, and axe measures colour contrast on what is painted, so a half-faded
 * element fails it. Endless animations (a spinner) do not count.
 */
export async function pageAtRest(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout },
  );
}

/**
 * Runs axe on the page once it is at rest (WCAG 2.1 A and AA rules) and returns the serious and critical
 * violations, each with the elements concerned, so a test can `expect(...).toEqual([])` and read
 * what is wrong when it fails. A finding must still be there when axe looks again, once the page is
 * at rest once more: a button that turns from disabled to enabled while axe reads it (its data just
 * arrived) is painted half-way for 250 ms, and such a passing state is no contrast defect.
 */
export async function seriousAxeViolations(page: Page, options: { exclude?: string[] } = {}): Promise<AxeFinding[]> {
  const findings = await serious(page, options);
  if (findings.length === 0) return findings;
  await page.waitForTimeout(300);
  const again = new Set((await serious(page, options)).map(keyOf));
  return findings.filter((f) => again.has(keyOf(f)));
}

const keyOf = (f: AxeFinding) => `${f.id} ${f.targets.join(',')}`;

async function serious(page: Page, options: { exclude?: string[] }): Promise<AxeFinding[]> {
  await pageAtRest(page);
  const { violations } = await axeScan(page, { tags: WCAG_21_AA, ...(options.exclude?.length ? { exclude: options.exclude } : {}) });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}
