import type { ReactElement } from 'react';
import { Resource } from 'react-admin';
import { IDENTITY_RESOURCES } from '../pages/app/identity/resources';
import { MANAGEMENT_RESOURCES } from '../pages/app/management/resources';
import { registerResourceEndpoint } from '../providers/resourceEndpoints';

/** Every hand-written react-admin resource, by area. */
const HAND_WRITTEN = [...IDENTITY_RESOURCES, ...MANAGEMENT_RESOURCES];

for (const entry of HAND_WRITTEN) registerResourceEndpoint(entry.name, entry.endpoint);

/** NAVIGATION keys these resources take over from the placeholder routes. */
export const HAND_WRITTEN_KEYS: ReadonlySet<string> = new Set(HAND_WRITTEN.map((entry) => entry.key));

export function handWrittenResources(): ReactElement[] {
  return HAND_WRITTEN.map(({ name, list, create, edit, show }) => <Resource key={name} name={name} list={list} create={create} edit={edit} show={show} />);
}
