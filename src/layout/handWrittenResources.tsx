import { lazy, type ReactElement } from 'react';
import { Resource } from 'react-admin';
import { registerResourceEndpoint } from '../providers/resourceEndpoints';

const RoleList = lazy(() => import('../pages/app/roles/RoleList'));
const RoleCreate = lazy(() => import('../pages/app/roles/RoleCreate'));
const RoleEdit = lazy(() => import('../pages/app/roles/RoleEdit'));
const UserList = lazy(() => import('../pages/app/identityUsers/UserList'));
const UserCreate = lazy(() => import('../pages/app/identityUsers/UserCreate'));
const UserEdit = lazy(() => import('../pages/app/identityUsers/UserEdit'));

/**
 * Hand-written screens over ABP endpoints. Each resource is named by its NAVIGATION path (without
 * the leading slash), so its routes are that path and canAccess finds its policy through NAVIGATION.
 */
const HAND_WRITTEN = [
  { key: 'roles', name: 'identity-management/roles', endpoint: '/api/identity/roles', list: <RoleList />, create: <RoleCreate />, edit: <RoleEdit /> },
  { key: 'identityUsers', name: 'identity-management/users', endpoint: '/api/identity/users', list: <UserList />, create: <UserCreate />, edit: <UserEdit /> },
] as const;

for (const entry of HAND_WRITTEN) registerResourceEndpoint(entry.name, entry.endpoint);

/** NAVIGATION keys these resources take over from the placeholder routes. */
export const HAND_WRITTEN_KEYS: ReadonlySet<string> = new Set(HAND_WRITTEN.map((entry) => entry.key));

export function handWrittenResources(): ReactElement[] {
  return HAND_WRITTEN.map(({ name, list, create, edit }) => <Resource key={name} name={name} list={list} create={create} edit={edit} />);
}
