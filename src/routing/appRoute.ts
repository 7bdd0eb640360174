import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type * as LazyPages from './lazyPages';

export type MenuGroup = 'care' | 'enterprise' | 'identity' | 'administration';

export type ResourceView = 'list' | 'create' | 'edit' | 'show';

/**
 * A page of src/routing/lazyPages.ts, by its name. Named, not imported: the route list is in the
 * chunk that decides between the shell and the not-found page, and a lazy page imported from there
 * would split every module the shell shares with its pages into chunks of their own.
 */
export type PageName = keyof typeof LazyPages;

/** A full page of its own on a custom route, lazily loaded with its texts. */
export interface ScreenRender {
  kind: 'screen';
  page: PageName;
}

/**
 * A react-admin resource the schema engine builds from schemas/<name>.json (and src/resources/<name>/
 * overrides) when the session's schemas include it; a placeholder until then.
 */
export interface SchemaResourceRender {
  kind: 'schemaResource';
}

/** A react-admin resource written by hand over one API endpoint. */
export interface ResourceRender {
  kind: 'resource';
  endpoint: string;
  views: Partial<Record<ResourceView, PageName>>;
}

/**
 * One route of the signed-in app: where it is, how it renders, its menu item and the policy it
 * needs. Resources (both kinds) are named as their path without the leading slash, so their
 * react-admin routes are that path.
 */
export interface AppRoute {
  /** Stable key: React keys, canAccess for screens, the API-call tests. */
  key: string;
  path: string;
  /** The menu item's i18n key (default namespace). */
  label: string;
  group: MenuGroup;
  icon: ComponentType<SvgIconProps>;
  /** Granted, the menu item shows and the route opens; without one, every signed-in user. */
  policy?: string;
  render: ScreenRender | SchemaResourceRender | ResourceRender;
}

export const screen = (page: PageName): ScreenRender => ({ kind: 'screen', page });

export const schemaResource = (): SchemaResourceRender => ({ kind: 'schemaResource' });

export const resource = (endpoint: string, views: ResourceRender['views']): ResourceRender => ({ kind: 'resource', endpoint, views });

/** The react-admin resource name of a resource route ('identity-management/users'). */
export const resourceName = (route: Pick<AppRoute, 'path'>): string => route.path.slice(1);
