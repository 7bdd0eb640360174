import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { allPolicyNames } from '../../common/policies';
import type { ResourceSchema } from '../../common/schema/types';
import { customRoutes, handWrittenResources } from '../../src/layout/routeElements';
import { policyForResource } from '../../src/providers/resourcePolicies';
import { resourceName, type AppRoute } from '../../src/routing/appRoute';
import { routeAt, schemaRouteFor } from '../../src/routing/findRoute';
import { isProtectedPath } from '../../src/routing/isProtectedPath';
import * as pages from '../../src/routing/lazyPages';
import { ROUTES } from '../../src/routing/routes';

/**
 * The route registry (src/routing/routes.ts) against what the shell makes of it: every entry is
 * routable as its kind says (a screen's custom route, a hand-written <Resource>, a schema resource's
 * placeholder until its schema is in), nothing is routed that has no entry, and canAccess finds
 * the entry's policy under every name the shell asks with. The menu's side: tests/component/menu-routes.test.tsx.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const SHIPPED_SCHEMAS = readdirSync(join(ROOT, 'schemas'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => (JSON.parse(readFileSync(join(ROOT, 'schemas', file), 'utf8')) as ResourceSchema)['x-resource'].name);

const propsOf = (element: ReactElement) => element.props as { path?: string; name?: string; children?: ReactNode };

/** What the shell routes for a session with these schemas: custom route paths and <Resource> names (hand-written, then the schemas'). */
function routed(schemas: readonly string[]): { paths: string[]; resources: string[] } {
  const routes = Children.toArray(propsOf(customRoutes(new Set(schemas))).children).filter(isValidElement);
  return {
    paths: routes.map((route) => propsOf(route).path ?? ''),
    resources: [...handWrittenResources().map((resource) => propsOf(resource).name ?? ''), ...schemas],
  };
}

/** The custom route path or resource name that renders `route`, by its kind. */
function expectedRouting(route: AppRoute, schemas: ReadonlySet<string>): { path?: string; resource?: string } {
  switch (route.render.kind) {
    case 'screen':
      return { path: route.path };
    case 'resource':
      return { resource: resourceName(route) };
    case 'schemaResource':
      return schemas.has(resourceName(route)) ? { resource: resourceName(route) } : { path: `${route.path}/*` };
  }
}

describe('the route registry', () => {
  it('has unique keys and paths, known policies, menu labels in the texts and lazy pages that exist', () => {
    const policies = new Set(allPolicyNames());
    const menu = (JSON.parse(readFileSync(join(ROOT, 'resources', 'locales', 'en', 'translation.json'), 'utf8')) as { menu: Record<string, unknown> }).menu;
    expect(new Set(ROUTES.map((route) => route.key)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
    for (const route of ROUTES) {
      expect(route.path, route.key).toMatch(/^\/[a-z][A-Za-z0-9/-]*[a-z]$/);
      expect(route.policy === undefined || policies.has(route.policy), `${route.key}: ${route.policy}`).toBe(true);
      expect(route.label, route.key).toMatch(/^menu\./);
      expect(typeof menu[route.label.slice('menu.'.length)], route.label).toBe('string');
      const named = route.render.kind === 'screen' ? [route.render.page] : route.render.kind === 'resource' ? Object.values(route.render.views) : [];
      for (const name of named) expect(typeof pages[name].preload, `${route.key}: ${name}`).toBe('function');
      if (route.render.kind === 'resource') expect(route.render.views.list, route.key).toBeDefined();
    }
  });

  it('gives every shipped schema a schemaResource route at its name, and every schemaResource route a shipped schema', () => {
    for (const name of SHIPPED_SCHEMAS) expect(schemaRouteFor(name), name).toBeDefined();
    const shipped = new Set(SHIPPED_SCHEMAS);
    for (const route of ROUTES.filter((r) => r.render.kind === 'schemaResource')) expect(shipped.has(resourceName(route)), route.key).toBe(true);
  });

  for (const [session, schemas] of [
    ['without schemas', []],
    ['with the shipped schemas', SHIPPED_SCHEMAS],
  ] as const) {
    it(`routes every entry as its kind says, and nothing else, ${session}`, () => {
      const { paths, resources } = routed(schemas);
      const names = new Set(schemas);
      const expectedPaths: string[] = [];
      const expectedResources: string[] = [...schemas];
      for (const route of ROUTES) {
        const { path, resource } = expectedRouting(route, names);
        if (path) expectedPaths.push(path);
        if (resource && route.render.kind === 'resource') expectedResources.push(resource);
        if (path) expect(paths, route.key).toContain(path);
        if (resource) expect(resources, route.key).toContain(resource);
      }
      expect([...paths].sort()).toEqual(expectedPaths.sort());
      expect([...resources].sort()).toEqual(expectedResources.sort());
    });
  }

  it('sends every entry and its sub-pages to the shell, each to its own entry', () => {
    for (const route of ROUTES) {
      for (const path of [route.path, `${route.path}/42`]) {
        expect(isProtectedPath(path), path).toBe(true);
        expect(routeAt(path)?.key, path).toBe(route.key);
      }
    }
  });

  it("lets canAccess find each entry's policy by its key, and a resource's by its name", () => {
    for (const route of ROUTES) {
      expect(policyForResource(route.key), route.key).toBe(route.policy ?? null);
      if (route.render.kind !== 'screen') expect(policyForResource(resourceName(route)), route.key).toBe(route.policy ?? null);
    }
  });
});
