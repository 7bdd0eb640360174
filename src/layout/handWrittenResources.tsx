import type { ReactElement } from 'react';
import { AccessDenied, CanAccess, Resource } from 'react-admin';
import { IDENTITY_RESOURCES } from '../pages/app/identity/resources';
import { MANAGEMENT_RESOURCES } from '../pages/app/management/resources';
import { registerResourceEndpoint } from '../providers/resourceEndpoints';

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

export function handWrittenResources(): ReactElement[] {
  return HAND_WRITTEN.map(({ key, name, list, create, edit, show }) => (
    <Resource key={name} name={name} list={guarded(key, 'list', list)} create={guarded(key, 'create', create)} edit={guarded(key, 'edit', edit)} show={guarded(key, 'show', show)} />
  ));
}
