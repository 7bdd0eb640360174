import { lazy } from 'react';
import type { HandWrittenResource } from '../../../layout/handWrittenResource';

const RoleList = lazy(() => import('../roles/RoleList'));
const RoleCreate = lazy(() => import('../roles/RoleCreate'));
const RoleEdit = lazy(() => import('../roles/RoleEdit'));
const UserList = lazy(() => import('../identityUsers/UserList'));
const UserCreate = lazy(() => import('../identityUsers/UserCreate'));
const UserEdit = lazy(() => import('../identityUsers/UserEdit'));

/** Identity management screens (ABP's identity module endpoints). */
export const IDENTITY_RESOURCES: HandWrittenResource[] = [
  { key: 'roles', name: 'identity-management/roles', endpoint: '/api/identity/roles', list: <RoleList />, create: <RoleCreate />, edit: <RoleEdit /> },
  { key: 'identityUsers', name: 'identity-management/users', endpoint: '/api/identity/users', list: <UserList />, create: <UserCreate />, edit: <UserEdit /> },
];
