import { lazy } from 'react';
import type { HandWrittenResource } from '../../../layout/handWrittenResource';

const RoleList = lazy(() => import('../roles/RoleList'));
const RoleCreate = lazy(() => import('../roles/RoleCreate'));
const RoleEdit = lazy(() => import('../roles/RoleEdit'));
const UserList = lazy(() => import('../identityUsers/UserList'));
const UserCreate = lazy(() => import('../identityUsers/UserCreate'));
const UserEdit = lazy(() => import('../identityUsers/UserEdit'));
const ClaimTypeList = lazy(() => import('../claimTypes/ClaimTypeList'));
const ClaimTypeCreate = lazy(() => import('../claimTypes/ClaimTypeCreate'));
const ClaimTypeEdit = lazy(() => import('../claimTypes/ClaimTypeEdit'));
const OrganizationUnitsPage = lazy(() => import('../organizationUnits/OrganizationUnitsPage'));
const SecurityLogList = lazy(() => import('../securityLogs/SecurityLogList'));

/** Identity management screens (ABP's identity module endpoints). */
export const IDENTITY_RESOURCES: HandWrittenResource[] = [
  { key: 'roles', name: 'identity-management/roles', endpoint: '/api/identity/roles', list: <RoleList />, create: <RoleCreate />, edit: <RoleEdit /> },
  { key: 'identityUsers', name: 'identity-management/users', endpoint: '/api/identity/users', list: <UserList />, create: <UserCreate />, edit: <UserEdit /> },
  { key: 'claimTypes', name: 'identity-management/claim-types', endpoint: '/api/identity/claim-types', list: <ClaimTypeList />, create: <ClaimTypeCreate />, edit: <ClaimTypeEdit /> },
  { key: 'organizationUnits', name: 'identity-management/organization-units', endpoint: '/api/identity/organization-units', list: <OrganizationUnitsPage /> },
  { key: 'securityLogs', name: 'identity-management/security-logs', endpoint: '/api/identity/security-logs', list: <SecurityLogList /> },
];
