import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The hand-written page of each NAVIGATION entry that is a page rather than a react-admin resource
 * (keyed by NavEntry.key). Each page is its own chunk. Entries missing here show "coming soon".
 */
export const SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  dashboard: lazy(() => import('../pages/app/dashboard/DashboardPage')),
  account: lazy(() => import('../pages/app/account/AccountPage')),
  billing: lazy(() => import('../pages/app/billing/BillingPage')),
  geofence: lazy(() => import('../pages/app/geofence/GeofencePage')),
  troubleshoot: lazy(() => import('../pages/app/troubleshoot/TroubleshootPage')),
  users: lazy(() => import('../pages/app/usersOverview/UsersOverviewPage')),
  userLogs: lazy(() => import('../pages/app/userLogs/UserLogsPage')),
  auditLogs: lazy(() => import('../pages/app/auditLogs/AuditLogsPage')),
  settings: lazy(() => import('../pages/app/settings/SettingsPage')),
  languageTexts: lazy(() => import('../pages/app/languageTexts/LanguageTextsPage')),
};
