import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { AccessDenied, CanAccess, CustomRoutes, Resource } from 'react-admin';
import { registerResourceEndpoint } from '../providers/resourceEndpoints';
import { resourceName, type AppRoute, type ResourceView } from '../routing/appRoute';
import { routeAt } from '../routing/findRoute';
import { lazyComponent } from '../routing/lazyComponent';
import * as pages from '../routing/lazyPages';
import { ROUTES } from '../routing/routes';

// The react-admin elements src/routing/routes.ts stands for: custom routes for screens (and for
// schema resources the session has no schema of), <Resource>s for hand-written resources. The
// lazy pages are imported here, in the shell's chunk, so their chunks may count on the shell's modules.

const ComingSoon = lazyComponent(() => import('../pages/app/ComingSoon'));

// Registered at load: the data provider knows a hand-written resource's endpoint before its first call.
for (const route of ROUTES) if (route.render.kind === 'resource') registerResourceEndpoint(resourceName(route), route.render.endpoint);

/**
 * The element behind the route's policy for the action: without it the user sees react-admin's
 * access-denied page in place, not a page whose calls all answer 403. Pages that are no
 * react-admin List (organization units) check nothing themselves.
 */
function guarded(route: AppRoute, action: string, element: ReactElement): ReactElement {
  return (
    <CanAccess resource={route.key} action={action} accessDenied={<AccessDenied />}>
      {element}
    </CanAccess>
  );
}

/**
 * One custom route per screen, and per schema resource whose schema this session lacks (`schemas`:
 * the names it has): a placeholder there, on its sub-paths too (/citizens/42), until it has one.
 * A resource known only by its schema file (no entry in routes.ts) that the user may not read
 * (`unreadable`) shows Access denied at its paths, as a screen does, not the not-found page.
 */
export function customRoutes(schemas: ReadonlySet<string>, unreadable: readonly string[] = []): ReactElement {
  const ownPaths = new Set(ROUTES.map((route) => route.path));
  const denied = unreadable.filter((name) => !schemas.has(name) && !ownPaths.has(`/${name}`));
  return (
    <CustomRoutes key="routes">
      {denied.map((name) => (
        <Route key={`denied-${name}`} path={`/${name}/*`} element={<AccessDenied />} />
      ))}
      {ROUTES.flatMap((route) => {
        const { render } = route;
        if (render.kind === 'screen') {
          const Page = pages[render.page];
          return [<Route key={route.key} path={route.path} element={guarded(route, 'list', <Page />)} />];
        }
        if (render.kind === 'schemaResource' && !schemas.has(resourceName(route))) {
          return [<Route key={route.key} path={`${route.path}/*`} element={guarded(route, 'list', <ComingSoon label={route.label} />)} />];
        }
        return [];
      })}
    </CustomRoutes>
  );
}

/** One <Resource> per hand-written resource, each view behind the route's policy for it. */
export function handWrittenResources(): ReactElement[] {
  return ROUTES.flatMap((route) => {
    if (route.render.kind !== 'resource') return [];
    const { list, create, edit, show } = route.render.views;
    const [List, Create, Edit, Show] = [list, create, edit, show].map((name) => name && pages[name]);
    return [
      <Resource
        key={route.key}
        name={resourceName(route)}
        // Its name in react-admin's own texts ("No claim types yet", the delete dialog): the menu's label, not the path.
        options={{ label: route.label }}
        list={List && guarded(route, 'list', <List />)}
        create={Create && guarded(route, 'create', <Create />)}
        edit={Edit && guarded(route, 'edit', <Edit />)}
        show={Show && guarded(route, 'show', <Show />)}
      />,
    ];
  });
}

/** The view a resource's path opens: its base path, base/create, base/:id/show or base/:id. */
export function viewOf(pathname: string, base: string): ResourceView {
  const parts = pathname.slice(base.length).split('/').filter(Boolean);
  if (parts.length === 0) return 'list';
  if (parts[0] === 'create') return 'create';
  return parts[1] === 'show' ? 'show' : 'edit';
}

/** Starts loading the chunk of the screen or hand-written view at `pathname`; undefined when it has none. */
export function preloadOwnView(pathname: string): Promise<unknown> | undefined {
  const route = routeAt(pathname);
  const name = route?.render.kind === 'screen' ? route.render.page : route?.render.kind === 'resource' ? route.render.views[viewOf(pathname, route.path)] : undefined;
  return name && pages[name].preload();
}
