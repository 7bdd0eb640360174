import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
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
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}
