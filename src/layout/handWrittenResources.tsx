import type { ReactElement } from 'react';
import { AccessDenied, CanAccess, Resource } from 'react-admin';
import { IDENTITY_RESOURCES } from '../pages/app/identity/resources';
import { MANAGEMENT_RESOURCES } from '../pages/app/management/resources';
import { registerResourceEndpoint } from '../providers/resourceEndpoints';
import type { LazyComponent } from '../routing/lazyComponent';

/** Every hand-written react-admin resource, by area. */
const HAND_WRITTEN = [...IDENTITY_RESOURCES, ...MANAGEMENT_RESOURCES];

for (const entry of HAND_WRITTEN) registerResourceEndpoint(entry.name, entry.endpoint);

/** NAVIGATION keys these resources take over from the placeholder routes. */
export const HAND_WRITTEN_KEYS: ReadonlySet<string> = new Set(HAND_WRITTEN.map((entry) => entry.key));

/**
 * A view guarded by its NAVIGATION entry's policy (for the action): without it the user sees
 * react-admin's access-denied page, as on every other navigation route, not a page whose calls
 * all answer 403. Pages that are no react-admin List (organization units) check nothing themselves.
 */
function guarded(key: string, action: string, element: ReactElement | undefined): ReactElement | undefined {
  if (!element) return undefined;
  return (
    <CanAccess resource={key} action={action} accessDenied={<AccessDenied />}>
      {element}
    </CanAccess>
  );
}

/** Starts loading a hand-written resource's view (a lazy screen), if `key` is one of them. */
export function preloadHandWritten(key: string, view: 'list' | 'create' | 'edit' | 'show'): Promise<unknown> | undefined {
  const type: unknown = HAND_WRITTEN.find((entry) => entry.key === key)?.[view]?.type;
  return isPreloadable(type) ? type.preload() : undefined;
}

const isPreloadable = (type: unknown): type is Pick<LazyComponent<object>, 'preload'> => typeof type === 'function' && 'preload' in type && typeof type.preload === 'function';

export function handWrittenResources(): ReactElement[] {
  return HAND_WRITTEN.map(({ key, name, list, create, edit, show }) => (
    <Resource key={name} name={name} list={guarded(key, 'list', list)} create={guarded(key, 'create', create)} edit={guarded(key, 'edit', edit)} show={guarded(key, 'show', show)} />
  ));
}
