import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { FILE_NAMESPACES } from '../../server/localization/texts';
import { launchBrowser } from './browser';
import { englishOnly, keyPattern, servedTexts, visitAll, visitTable, type LanguageTexts, type MatrixContext, type MatrixRole, type Texts, type ViewportName } from './route-matrix';
import type { TestServer } from './server';
import { startWebServer } from './web-server';

/**
 * One file per viewport and role (so the e2e pool shares them out evenly between its workers), one
 * browser context in it, both languages per page load. Every problem of every visit is collected
 * before the test fails, and the table of visits is printed either way.
 */
export function describeRouteMatrix(viewport: ViewportName, role: MatrixRole): void {
  describe(`route matrix, ${viewport}, ${role}`, () => {
    let server: TestServer;
    let browser: Browser;
    let ctx: MatrixContext;

    beforeAll(async () => {
      [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
      const namespaces = [...FILE_NAMESPACES, 'schemas'];
      const [english, danish] = await Promise.all([servedTexts(server.url, 'en', namespaces), servedTexts(server.url, 'da', namespaces)]);
      const textsOf = (own: Texts, englishOnlyTexts: Set<string>): LanguageTexts => ({
        deniedText: own.get('ra.page.access_denied') ?? english.get('ra.page.access_denied') ?? 'Access denied',
        languageButton: own.get('translation:app.language') ?? english.get('translation:app.language') ?? 'Language',
        englishOnly: englishOnlyTexts,
      });
      ctx = {
        browser,
        baseUrl: server.url,
        viewport,
        languages: { en: textsOf(english, new Set()), da: textsOf(danish, englishOnly(english, danish)) },
        keyPattern: keyPattern(english),
      };
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it(`${role}: every route shows its page or Access denied, cleanly, in English and Danish`, async () => {
      const visits = await visitAll(ctx, role);
      console.log(`\n${visitTable(visits)}`);
      expect(visits.length).toBeGreaterThan(60);
      expect(visits.filter((v) => v.problems.length > 0).map((v) => `${v.language} ${v.route.path}: ${v.problems.join(' | ')}`)).toEqual([]);
    }, 20 * 60_000);
  });
}
