import type { LazyComponent } from '../routing/lazyComponent';
import { lazyScreen } from './lazyScreen';

/**
 * The hand-written page of each NAVIGATION entry that is a page rather than a react-admin resource
 * (keyed by NavEntry.key). Each page is its own chunk, loaded with its texts. Entries missing here show "coming soon".
 */
export const SCREENS: Readonly<Record<string, LazyComponent<object>>> = {
  dashboard: lazyScreen(() => import('../pages/app/dashboard/DashboardPage'), ['devices', 'tracking', 'geofences']),
  account: lazyScreen(() => import('../pages/app/account/AccountPage'), ['profile']),
  billing: lazyScreen(() => import('../pages/app/billing/BillingPage'), ['billing']),
  geofence: lazyScreen(() => import('../pages/app/geofence/GeofencePage'), ['geofences']),
  troubleshoot: lazyScreen(() => import('../pages/app/troubleshoot/TroubleshootPage'), ['stock']),
  users: lazyScreen(() => import('../pages/app/usersOverview/UsersOverviewPage'), ['identity']),
  userLogs: lazyScreen(() => import('../pages/app/userLogs/UserLogsPage'), ['identity']),
  auditLogs: lazyScreen(() => import('../pages/app/auditLogs/AuditLogsPage'), ['identity']),
  settings: lazyScreen(() => import('../pages/app/settings/SettingsPage'), ['management']),
  languageTexts: lazyScreen(() => import('../pages/app/languageTexts/LanguageTextsPage'), ['admin']),
  retention: lazyScreen(() => import('../pages/app/retention/DataRetentionPage'), ['management']),
};
