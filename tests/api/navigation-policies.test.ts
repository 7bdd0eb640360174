import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { navigationPageCalls, routesFor, type CatalogueRoute, type PageCalls } from '../support/page-api-calls';
import { ANONYMOUS, ANY_OF, AUTHENTICATED } from '../../server/permissions/guard';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { isAllowed } from '../../src/providers/resourcePolicies';

/**
 * A menu entry shows exactly when its page's API lets the user in. Both sides are read from the
 * code: the entry's policy from src/routing/routes.ts, the pages' API calls from the web app's sources
 * (tests/support/page-api-calls.ts) and each call's policy from the server's route catalogue.
 */
describe('navigation entries agree with the API their pages call', () => {
  let server: TestServer;
  let pages: PageCalls[];

  beforeAll(async () => {
    server = await startServer();
    pages = navigationPageCalls();
  });
  afterAll(async () => server?.stop());

  /** A route's policy is covered by the entry's when it is open, the entry's own, or one of its children. */
  const covered = (routePolicy: string, entryPolicy: string | undefined) =>
    routePolicy === ANONYMOUS ||
    routePolicy === AUTHENTICATED ||
    (entryPolicy !== undefined && routePolicy.split(ANY_OF).some((p) => p === entryPolicy || p.startsWith(`${entryPolicy}.`)));

  it('finds the API calls of the real pages', () => {
    const byKey = new Map(pages.map((p) => [p.entry.key, p.urls]));
    expect(byKey.get('languageTexts')).toContain('/api/language-management/language-texts');
    expect(byKey.get('organizationUnits')).toContain('/api/identity/organization-units');
    expect(byKey.get('customers')).toContain('/api/app/customer');
    expect(pages.filter((p) => p.urls.length > 0).length).toBeGreaterThan(15);
  });

  /** The GET routes of a page guarded by its entry's policy family: the page's own data. */
  const ownReads = ({ entry, urls }: PageCalls): CatalogueRoute[] => {
    const reads = new Map<string, CatalogueRoute>();
    for (const url of urls) {
      for (const route of routesFor(url, server.app.routeCatalogue)) {
        if (route.method === 'GET' && route.policy !== ANONYMOUS && route.policy !== AUTHENTICATED && covered(route.policy, entry.policy)) reads.set(route.url, route);
      }
    }
    return [...reads.values()];
  };

  it('guards every page that reads the API with its menu entry policy', () => {
    const mismatches: string[] = [];
    for (const page of pages) {
      const { entry, urls, schemaPolicy } = page;
      if (schemaPolicy && schemaPolicy !== entry.policy) mismatches.push(`${entry.key}: schema policy ${schemaPolicy}, menu ${entry.policy ?? 'none'}`);
      const guarded = urls.flatMap((url) => routesFor(url, server.app.routeCatalogue)).filter((route) => route.method === 'GET' && route.policy !== ANONYMOUS && route.policy !== AUTHENTICATED);
      // A page that reads guarded data reads at least some of it under the entry's own policy.
      if (guarded.length > 0 && ownReads(page).length === 0) {
        mismatches.push(`${entry.key} (${entry.policy ?? 'no policy'}) reads only ${[...new Set(guarded.map((r) => r.policy))].join(', ')}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it.each(['admin', 'staff', 'caregiver'])('shows %s an entry exactly when the API of its page answers', async (userName) => {
    const token = (await tokensFor(server.url, userName, DEMO_PASSWORD)).access_token;
    const headers = { authorization: `Bearer ${token}` };
    const config = (await (await fetch(`${server.url}/api/abp/application-configuration`, { headers })).json()) as { auth: { grantedPolicies: Record<string, boolean> } };
    const granted = config.auth.grantedPolicies;
    const wrong: string[] = [];
    for (const { entry, urls } of pages) {
      const shown = isAllowed(granted, entry.key, 'list');
      const answers: string[] = [];
      let answered = 0;
      for (const route of ownReads({ entry, urls })) {
        const res = await fetch(`${server.url}${route.url.replace(/:\w+/g, () => randomUUID())}`, { headers });
        // Headers are enough (and a live stream would never end).
        await res.body?.cancel();
        if (res.status !== 401 && res.status !== 403) answered += 1;
        answers.push(`GET ${route.url} -> ${res.status}`);
      }
      if (answers.length === 0) continue;
      // Shown: the page's own data answers (a host-only extra, like one report, may still refuse). Hidden: none of it does.
      if (shown ? answered === 0 : answered > 0) wrong.push(`${entry.key} ${shown ? 'shown' : 'hidden'}: ${answers.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });
});
