import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { FILE_NAMESPACES } from '../../server/localization/texts';
import { launchBrowser } from './browser';
import { englishOnly, keyPattern, MATRIX_ROLES, servedTexts, visitAll, visitTable, type Language, type MatrixContext, type ViewportName } from './route-matrix';
import type { TestServer } from './server';
import { startWebServer } from './web-server';

/**
 * One file per viewport and language (so the e2e pool runs them side by side), one browser
 * context per role inside it. Every problem of every visit is collected before the test fails, and
 * the table of visits is printed either way.
 */
export function describeRouteMatrix(viewport: ViewportName, language: Language): void {
  describe(`route matrix, ${viewport}, ${language}`, () => {
    let server: TestServer;
    let browser: Browser;
    let ctx: MatrixContext;

    beforeAll(async () => {
      [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
      const namespaces = [...FILE_NAMESPACES, 'schemas'];
      const [english, own] = await Promise.all([servedTexts(server.url, 'en', namespaces), servedTexts(server.url, language, namespaces)]);
      ctx = {
        browser,
        baseUrl: server.url,
        viewport,
        language,
        englishOnly: language === 'en' ? new Set() : englishOnly(english, own),
        keyPattern: keyPattern(english),
        deniedText: own.get('ra.page.access_denied') ?? english.get('ra.page.access_denied') ?? 'Access denied',
      };
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    for (const role of MATRIX_ROLES) {
      it(`${role}: every route shows its page or Access denied, cleanly`, async () => {
        const visits = await visitAll(ctx, role);
        console.log(`\n${visitTable(visits)}`);
        expect(visits.length).toBeGreaterThan(30);
        expect(visits.filter((v) => v.problems.length > 0).map((v) => `${v.route.path}: ${v.problems.join(' | ')}`)).toEqual([]);
      }, 20 * 60_000);
    }
  });
}
