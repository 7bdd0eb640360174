import { lazyScreen } from '../layout/lazyScreen';

// The signed-in app's hand-written pages, each its own chunk loaded with its texts. src/routing/routes.ts
// names where each shows; only the shell (src/layout/routeElements.tsx) imports this module.

export const DashboardPage = lazyScreen(() => import('../pages/app/dashboard/DashboardPage'), ['devices', 'tracking', 'geofences']);
export const AccountPage = lazyScreen(() => import('../pages/app/account/AccountPage'), ['profile']);
export const BillingPage = lazyScreen(() => import('../pages/app/billing/BillingPage'), ['billing']);
export const GeofencePage = lazyScreen(() => import('../pages/app/geofence/GeofencePage'), ['geofences']);
export const TroubleshootPage = lazyScreen(() => import('../pages/app/troubleshoot/TroubleshootPage'), ['stock']);
export const UsersOverviewPage = lazyScreen(() => import('../pages/app/usersOverview/UsersOverviewPage'), ['identity']);
export const UserLogsPage = lazyScreen(() => import('../pages/app/userLogs/UserLogsPage'), ['identity']);
export const AuditLogsPage = lazyScreen(() => import('../pages/app/auditLogs/AuditLogsPage'), ['identity']);
export const SettingsPage = lazyScreen(() => import('../pages/app/settings/SettingsPage'), ['management']);
export const LanguageTextsPage = lazyScreen(() => import('../pages/app/languageTexts/LanguageTextsPage'), ['admin']);
export const DataRetentionPage = lazyScreen(() => import('../pages/app/retention/DataRetentionPage'), ['management']);

// Views of the hand-written react-admin resources (ABP's identity, SaaS and language management endpoints).
export const TenantList = lazyScreen(() => import('../pages/app/tenants/TenantList'), ['management']);
export const TenantCreate = lazyScreen(() => import('../pages/app/tenants/TenantCreate'), ['management']);
export const TenantEdit = lazyScreen(() => import('../pages/app/tenants/TenantEdit'), ['management']);
export const RoleList = lazyScreen(() => import('../pages/app/roles/RoleList'), ['identity']);
export const RoleCreate = lazyScreen(() => import('../pages/app/roles/RoleCreate'), ['identity']);
export const RoleEdit = lazyScreen(() => import('../pages/app/roles/RoleEdit'), ['identity']);
export const UserList = lazyScreen(() => import('../pages/app/identityUsers/UserList'), ['identity']);
export const UserCreate = lazyScreen(() => import('../pages/app/identityUsers/UserCreate'), ['identity']);
export const UserEdit = lazyScreen(() => import('../pages/app/identityUsers/UserEdit'), ['identity', 'privacy']);
export const ClaimTypeList = lazyScreen(() => import('../pages/app/claimTypes/ClaimTypeList'), ['identity']);
export const ClaimTypeCreate = lazyScreen(() => import('../pages/app/claimTypes/ClaimTypeCreate'), ['identity']);
export const ClaimTypeEdit = lazyScreen(() => import('../pages/app/claimTypes/ClaimTypeEdit'), ['identity']);
export const OrganizationUnitsPage = lazyScreen(() => import('../pages/app/organizationUnits/OrganizationUnitsPage'), ['identity']);
export const SecurityLogList = lazyScreen(() => import('../pages/app/securityLogs/SecurityLogList'), ['identity']);
export const LanguageList = lazyScreen(() => import('../pages/app/languages/LanguageList'), ['management']);
export const LanguageCreate = lazyScreen(() => import('../pages/app/languages/LanguageCreate'), ['management']);
export const LanguageEdit = lazyScreen(() => import('../pages/app/languages/LanguageEdit'), ['management']);
