import { POLICIES } from './policies';

/**
 * The protected layout's navigation (SPEC section 2). One entry per screen: the route, the
 * translation key of its label, and the policy that must be granted for the entry to show.
 * Entries without a policy show to every signed-in user.
 */
export interface NavEntry {
  /** Stable key; also the icon key in the web app. */
  key: string;
  path: string;
  /** i18n key in the default namespace. */
  label: string;
  policy?: string;
  group: 'care' | 'enterprise' | 'identity' | 'administration';
}

export const NAVIGATION: readonly NavEntry[] = [
  { key: 'dashboard', path: '/dashboard', label: 'menu.dashboard', policy: POLICIES.dashboard, group: 'care' },
  { key: 'geofence', path: '/geofence', label: 'menu.geofence', policy: POLICIES.geofences, group: 'care' },
  { key: 'billing', path: '/subscription/billing', label: 'menu.billing', policy: POLICIES.billing, group: 'care' },
  { key: 'account', path: '/account', label: 'menu.account', policy: POLICIES.account, group: 'care' },
  { key: 'guides', path: '/guides', label: 'menu.guides', policy: POLICIES.guides, group: 'care' },

  { key: 'tenants', path: '/tenants', label: 'menu.tenants', policy: POLICIES.tenants, group: 'enterprise' },
  { key: 'customers', path: '/customers', label: 'menu.customers', policy: POLICIES.customers, group: 'enterprise' },
  { key: 'organizations', path: '/organizations', label: 'menu.organizations', policy: POLICIES.organizations, group: 'enterprise' },
  { key: 'citizens', path: '/citizens', label: 'menu.citizens', policy: POLICIES.citizens, group: 'enterprise' },
  { key: 'users', path: '/users', label: 'menu.users', policy: POLICIES.usersOverview, group: 'enterprise' },
  { key: 'devices', path: '/devices', label: 'menu.devices', policy: POLICIES.devices, group: 'enterprise' },
  { key: 'deviceAdministration', path: '/device-administration', label: 'menu.deviceAdministration', policy: POLICIES.deviceAdministration, group: 'enterprise' },
  { key: 'simcards', path: '/simcards', label: 'menu.simcards', policy: POLICIES.simCards, group: 'enterprise' },
  { key: 'accessories', path: '/accessories', label: 'menu.accessories', policy: POLICIES.accessories, group: 'enterprise' },
  { key: 'wifis', path: '/wifis', label: 'menu.wifis', policy: POLICIES.wifis, group: 'enterprise' },
  { key: 'invoices', path: '/invoices', label: 'menu.invoices', policy: POLICIES.invoices, group: 'enterprise' },
  { key: 'contactPeople', path: '/contact-people', label: 'menu.contactPeople', policy: POLICIES.contactPeople, group: 'enterprise' },
  { key: 'messages', path: '/messages', label: 'menu.messages', policy: POLICIES.messages, group: 'enterprise' },
  { key: 'alarmTexts', path: '/alarm-texts', label: 'menu.alarmTexts', policy: POLICIES.alarmTexts, group: 'enterprise' },
  { key: 'commandTemplates', path: '/command-templates', label: 'menu.commandTemplates', policy: POLICIES.commandTemplates, group: 'enterprise' },
  { key: 'troubleshoot', path: '/troubleshoot', label: 'menu.troubleshoot', policy: POLICIES.troubleshoot, group: 'enterprise' },
  { key: 'userLogs', path: '/userLogs', label: 'menu.userLogs', policy: POLICIES.userLogs, group: 'enterprise' },

  { key: 'identityUsers', path: '/identity-management/users', label: 'menu.identityUsers', policy: POLICIES.identityUsers, group: 'identity' },
  { key: 'roles', path: '/identity-management/roles', label: 'menu.roles', policy: POLICIES.roles, group: 'identity' },
  { key: 'organizationUnits', path: '/identity-management/organization-units', label: 'menu.organizationUnits', policy: POLICIES.organizationUnits, group: 'identity' },
  { key: 'claimTypes', path: '/identity-management/claim-types', label: 'menu.claimTypes', policy: POLICIES.claimTypes, group: 'identity' },
  { key: 'securityLogs', path: '/identity-management/security-logs', label: 'menu.securityLogs', policy: POLICIES.securityLogs, group: 'identity' },

  { key: 'languages', path: '/language-management/languages', label: 'menu.languages', policy: POLICIES.languages, group: 'administration' },
  { key: 'languageTexts', path: '/language-management/texts', label: 'menu.languageTexts', policy: POLICIES.languageTexts, group: 'administration' },
  { key: 'settings', path: '/setting-management', label: 'menu.settings', policy: POLICIES.settings, group: 'administration' },
  { key: 'auditLogs', path: '/audit-logs', label: 'menu.auditLogs', policy: POLICIES.auditLogs, group: 'administration' },
  { key: 'retention', path: '/data-retention', label: 'menu.retention', policy: POLICIES.retention, group: 'administration' },
];

/** Public routes (no sign-in). The web app serves these without loading react-admin. */
export const PUBLIC_PATHS = ['/', '/login', '/registration', '/imprint', '/mobile-app-tos', '/terms', '/faq', '/privacy-policy'] as const;
