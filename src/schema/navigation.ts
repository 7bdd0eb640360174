import { NAVIGATION, type NavEntry } from '../../common/navigation';

/**
 * The NAVIGATION entry a schema resource takes over ('customers' -> /customers, 'contact-people'
 * -> /contact-people): its menu item and route then show the generated screens. Resources without
 * one get a menu item of their own.
 */
export function navEntryFor(resource: string): NavEntry | undefined {
  return NAVIGATION.find((entry) => entry.key === resource || entry.path === `/${resource}`);
}
