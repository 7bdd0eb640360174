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
  timeZoneSettings: 'SettingManagement.TimeZone',
  identitySettings: 'SettingManagement.Identity',
  auditLogs: 'AuditLogging.AuditLogs',
  retention: 'Vigil.Retention',
} as const;

export type PolicyKey = keyof typeof POLICIES;
export type PolicyName = (typeof POLICIES)[PolicyKey];

/** Per-action children of a resource policy (X.Create, X.Update, X.Delete). */
export const ACTIONS = ['Create', 'Update', 'Delete'] as const;

/**
 * Children a policy has instead of, or beside, the generic actions: ABP identity's
 * ManagePermissions on users and roles, and the organization unit policies (ManageOU for the tree,
 * ManageRoles and ManageMembers for what the units hold), which have no Create/Update/Delete.
 */
export const POLICY_CHILDREN: Readonly<Record<string, readonly string[]>> = {
  [POLICIES.identityUsers]: [...ACTIONS, 'ManagePermissions'],
  [POLICIES.roles]: [...ACTIONS, 'ManagePermissions'],
  [POLICIES.organizationUnits]: ['ManageOU', 'ManageRoles', 'ManageMembers'],
  // SaaS and language management as ABP names them; settings and audit logs are one policy each.
  [POLICIES.tenants]: [...ACTIONS, 'ManageFeatures'],
  [POLICIES.languages]: ['Create', 'Edit', 'Delete', 'ChangeDefault'],
  [POLICIES.languageTexts]: ['Edit'],
  [POLICIES.settings]: [],
  [POLICIES.timeZoneSettings]: [],
  [POLICIES.identitySettings]: [],
  [POLICIES.auditLogs]: [],
  [POLICIES.retention]: ['Update'],
};

/** Every policy name, resource policies with their action children. */
export function allPolicyNames(): string[] {
  const names: string[] = [];
  for (const name of Object.values(POLICIES)) {
    names.push(name);
    for (const action of POLICY_CHILDREN[name] ?? ACTIONS) names.push(`${name}.${action}`);
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

/**
 * The provider's own modules, whose API refuses every tenant user (server refuseTenantUsers, or a
 * schema with scope 'host'): never granted inside a tenant, so their menu entries never show there.
 * Language texts are the host's: a change applies to every tenant (tests/api/navigation-policies.test.ts).
 */
export const HOST_ONLY_POLICIES: readonly string[] = [
  POLICIES.tenants,
  POLICIES.languages,
  POLICIES.languageTexts,
  POLICIES.deviceAdministration,
  POLICIES.accessories,
  POLICIES.auditLogs,
  POLICIES.settings,
  POLICIES.timeZoneSettings,
  POLICIES.identitySettings,
  POLICIES.claimTypes,
];

/**
 * The policies of shared resources (a schema with scope 'shared'): every tenant reads the
 * provider's rows, only the provider's staff write them (server/schema-engine/scoping.ts), so
 * their write actions are the host's alone (tests/unit/shared-resource-policies.test.ts keeps this
 * list and the schemas in step).
 */
export const SHARED_RESOURCE_POLICIES: readonly string[] = [POLICIES.commandTemplates, POLICIES.guides];

/**
 * Whether a policy is the host's alone and never granted inside a tenant: HOST_ONLY_POLICIES and
 * their children, the write actions of shared resources, and every tenant-management ('Saas.')
 * policy.
 */
export function isHostOnlyPolicy(name: string): boolean {
  return (
    name.startsWith('Saas.') ||
    HOST_ONLY_POLICIES.some((h) => name === h || name.startsWith(`${h}.`)) ||
    SHARED_RESOURCE_POLICIES.some((s) => ACTIONS.some((action) => name === `${s}.${action}`))
  );
}

/** ABP's MultiTenancySides: where a policy may be granted and counts. */
export type MultiTenancySide = 'host' | 'tenant' | 'both';

/**
 * Policies only a tenant's users may hold (ABP MultiTenancySides.Tenant), never offered to a host
 * role or user. None today: the caregiver and back-office policies are the host's too (the host
 * administrator holds every policy).
 */
export const TENANT_ONLY_POLICIES: readonly string[] = [];

/** The side a policy (or a child of it) belongs to: host-only, tenant-only, or both. */
export function multiTenancySide(name: string): MultiTenancySide {
  if (isHostOnlyPolicy(name)) return 'host';
  if (TENANT_ONLY_POLICIES.some((p) => name === p || name.startsWith(`${p}.`))) return 'tenant';
  return 'both';
}

/** Whether a policy may be granted in the host (tenantId null) or in a tenant (ABP's MultiTenancySide.HasFlag). */
export const isGrantableIn = (name: string, tenantId: string | null): boolean => {
  const side = multiTenancySide(name);
  return side === 'both' || side === (tenantId === null ? 'host' : 'tenant');
};
