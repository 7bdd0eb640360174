/**
 * The policy catalogue: every permission name the server knows, ABP style. Roles grant policies;
 * every API route declares the one it needs; the web app's menu and canAccess read the same names
 * from application-configuration's auth.grantedPolicies.
 */
export const POLICIES = {
  dashboard: 'Vigil.Dashboard',
  account: 'Vigil.Account',
  billing: 'Vigil.Billing',
  tenants: 'Saas.Tenants',
  usersOverview: 'Vigil.UserOverviews',
  citizens: 'Vigil.Citizens',
  invoices: 'Vigil.Invoices',
  wifis: 'Vigil.Wifis',
  geofences: 'Vigil.Geofences',
  customers: 'Vigil.Customers',
  devices: 'Vigil.Devices',
  simCards: 'Vigil.SimCards',
  organizations: 'Vigil.Organizations',
  accessories: 'Vigil.Accessories',
  deviceAdministration: 'Vigil.DeviceAdministration',
  guides: 'Vigil.Guides',
  messages: 'Vigil.Messages',
  alarmTexts: 'Vigil.AlarmTexts',
  commandTemplates: 'Vigil.CommandTemplates',
  contactPeople: 'Vigil.ContactPeople',
  userLogs: 'Vigil.UserLogs',
  troubleshoot: 'Vigil.Troubleshoot',
  languages: 'LanguageManagement.Languages',
  languageTexts: 'LanguageManagement.LanguageTexts',
  organizationUnits: 'AbpIdentity.OrganizationUnits',
  roles: 'AbpIdentity.Roles',
  identityUsers: 'AbpIdentity.Users',
  claimTypes: 'AbpIdentity.ClaimTypes',
  securityLogs: 'AbpIdentity.SecurityLogs',
  settings: 'SettingManagement.Emailing',
  auditLogs: 'AuditLogging.AuditLogs',
} as const;

export type PolicyKey = keyof typeof POLICIES;
export type PolicyName = (typeof POLICIES)[PolicyKey];

/** Per-action children of a resource policy (X.Create, X.Update, X.Delete). */
export const ACTIONS = ['Create', 'Update', 'Delete'] as const;

/** Every policy name, resource policies with their action children. */
export function allPolicyNames(): string[] {
  const names: string[] = [];
  for (const name of Object.values(POLICIES)) {
    names.push(name);
    for (const action of ACTIONS) names.push(`${name}.${action}`);
  }
  return names;
}

/** Policies every signed-in caregiver holds through the 'Plug and Play User' role. */
export const CAREGIVER_POLICIES: readonly string[] = [
  POLICIES.dashboard,
  `${POLICIES.dashboard}.Create`,
  `${POLICIES.dashboard}.Update`,
  `${POLICIES.dashboard}.Delete`,
  POLICIES.account,
  `${POLICIES.account}.Update`,
  POLICIES.billing,
  `${POLICIES.billing}.Update`,
  POLICIES.geofences,
  `${POLICIES.geofences}.Create`,
  `${POLICIES.geofences}.Update`,
  `${POLICIES.geofences}.Delete`,
  POLICIES.guides,
];

/** Policies of tenant back-office staff (everything but host-only modules). */
export const HOST_ONLY_POLICIES: readonly string[] = [
  POLICIES.tenants,
  POLICIES.languages,
  POLICIES.auditLogs,
  POLICIES.settings,
  POLICIES.claimTypes,
];
