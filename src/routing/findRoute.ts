import type { AppRoute } from './appRoute';
import { ROUTES } from './routes';

/** The route whose path is `pathname` or a parent of it (/citizens/42 -> /citizens). */
export const routeAt = (pathname: string): AppRoute | undefined => ROUTES.find(({ path }) => pathname === path || pathname.startsWith(`${path}/`));

/**
 * The route a react-admin resource name or canAccess subject stands for: a route key
 * ('identityUsers') or a path with or without its slash ('identity-management/users').
 */
export function routeOfResource(resource: string): AppRoute | undefined {
  const path = `/${resource.replace(/^\/+/, '')}`;
  return ROUTES.find((route) => route.key === resource || route.path === path);
}

/** The schemaResource route a schema of this name renders ('contact-people' -> /contact-people). */
export const schemaRouteFor = (name: string): AppRoute | undefined => ROUTES.find((route) => route.render.kind === 'schemaResource' && route.path === `/${name}`);
