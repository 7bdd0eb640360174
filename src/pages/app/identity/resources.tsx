import { lazyScreen } from '../../../layout/lazyScreen';
import type { HandWrittenResource } from '../../../layout/handWrittenResource';

const RoleList = lazyScreen(() => import('../roles/RoleList'), ['identity']);
const RoleCreate = lazyScreen(() => import('../roles/RoleCreate'), ['identity']);
const RoleEdit = lazyScreen(() => import('../roles/RoleEdit'), ['identity']);
const UserList = lazyScreen(() => import('../identityUsers/UserList'), ['identity']);
const UserCreate = lazyScreen(() => import('../identityUsers/UserCreate'), ['identity']);
const UserEdit = lazyScreen(() => import('../identityUsers/UserEdit'), ['identity', 'privacy']);
const ClaimTypeList = lazyScreen(() => import('../claimTypes/ClaimTypeList'), ['identity']);
const ClaimTypeCreate = lazyScreen(() => import('../claimTypes/ClaimTypeCreate'), ['identity']);
const ClaimTypeEdit = lazyScreen(() => import('../claimTypes/ClaimTypeEdit'), ['identity']);
const OrganizationUnitsPage = lazyScreen(() => import('../organizationUnits/OrganizationUnitsPage'), ['identity']);
const SecurityLogList = lazyScreen(() => import('../securityLogs/SecurityLogList'), ['identity']);

/** Identity management screens (ABP's identity module endpoints). */
export const IDENTITY_RESOURCES: HandWrittenResource[] = [
  { key: 'roles', name: 'identity-management/roles', endpoint: '/api/identity/roles', list: <RoleList />, create: <RoleCreate />, edit: <RoleEdit /> },
  { key: 'identityUsers', name: 'identity-management/users', endpoint: '/api/identity/users', list: <UserList />, create: <UserCreate />, edit: <UserEdit /> },
  { key: 'claimTypes', name: 'identity-management/claim-types', endpoint: '/api/identity/claim-types', list: <ClaimTypeList />, create: <ClaimTypeCreate />, edit: <ClaimTypeEdit /> },
  { key: 'organizationUnits', name: 'identity-management/organization-units', endpoint: '/api/identity/organization-units', list: <OrganizationUnitsPage /> },
  { key: 'securityLogs', name: 'identity-management/security-logs', endpoint: '/api/identity/security-logs', list: <SecurityLogList /> },
];
