import { render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, memoryStore, type AuthProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CAREGIVER_POLICIES, POLICIES } from '../../common/policies';
import { Menu } from '../../src/layout/Menu';
import { isAllowed } from '../../src/providers/resourcePolicies';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { ROUTES } from '../../src/routing/routes';
import { recordingDataProvider, servedI18n } from './support/schema-screens';

/**
 * The side menu against the route registry (src/routing/routes.ts): for a set of granted policies
 * it lists exactly the routes whose policy is granted, in the registry's order, each linking to its
 * path with its label and icon. canAccess is the app's own policy table (resourcePolicies.ts).
 */
function authProviderGranting(granted: readonly string[]): AuthProvider & { answers: number } {
  const grantedPolicies = Object.fromEntries(granted.map((policy) => [policy, true]));
  const provider = {
    answers: 0,
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => undefined,
    canAccess: async ({ resource, action }: { resource: string; action: string }) => {
      provider.answers += 1;
      return isAllowed(grantedPolicies, resource, action);
    },
  };
  return provider;
}

async function menuLinks(granted: readonly string[]): Promise<HTMLAnchorElement[]> {
  const i18n = await servedI18n('en');
  const authProvider = authProviderGranting(granted);
  render(
    <MemoryRouter initialEntries={['/account']}>
      <AdminContext authProvider={authProvider} dataProvider={recordingDataProvider()} i18nProvider={createI18nProvider(i18n)} store={memoryStore()}>
        <Menu />
      </AdminContext>
    </MemoryRouter>,
  );
  const menu = await screen.findByRole('menu');
  // Items appear once the one canAccess query for all routes has answered (one answer per route).
  await waitFor(() => expect(authProvider.answers).toBeGreaterThanOrEqual(ROUTES.length));
  if (granted.length > 0) await waitFor(() => expect(within(menu).queryAllByRole('menuitem').length).toBeGreaterThan(0));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return within(menu).queryAllByRole('menuitem') as HTMLAnchorElement[];
}

const GRANTS: Record<string, readonly string[]> = {
  nothing: [],
  'a caregiver': CAREGIVER_POLICIES,
  'identity management only': [POLICIES.identityUsers, POLICIES.roles],
  'every route policy': ROUTES.flatMap((route) => route.policy ?? []),
};

describe('the menu lists the registry routes the user is granted', () => {
  for (const [who, granted] of Object.entries(GRANTS)) {
    it(`for ${who}`, async () => {
      const links = await menuLinks(granted);
      const expected = ROUTES.filter((route) => !route.policy || granted.includes(route.policy));
      expect(links.map((link) => link.getAttribute('href'))).toEqual(expected.map((route) => route.path));
      for (const link of links) {
        expect(link.querySelector('svg'), link.getAttribute('href') ?? '').not.toBeNull();
        // Translated, never the bare key.
        expect(link.textContent, link.getAttribute('href') ?? '').not.toMatch(/menu\./);
      }
    });
  }
});
