// One import per icon path: importing from the package index would pull every icon into the shell.
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ApartmentIcon from '@mui/icons-material/Apartment';
import AutoDeleteIcon from '@mui/icons-material/AutoDelete';
import BadgeIcon from '@mui/icons-material/Badge';
import BuildIcon from '@mui/icons-material/Build';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import CorporateFareIcon from '@mui/icons-material/CorporateFare';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DeveloperBoardIcon from '@mui/icons-material/DeveloperBoard';
import ElderlyIcon from '@mui/icons-material/Elderly';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import FenceIcon from '@mui/icons-material/Fence';
import HeadsetIcon from '@mui/icons-material/Headset';
import HistoryIcon from '@mui/icons-material/History';
import LabelIcon from '@mui/icons-material/Label';
import LanguageIcon from '@mui/icons-material/Language';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import NotificationImportantIcon from '@mui/icons-material/NotificationImportant';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SecurityIcon from '@mui/icons-material/Security';
import SettingsIcon from '@mui/icons-material/Settings';
import SimCardIcon from '@mui/icons-material/SimCard';
import SmsIcon from '@mui/icons-material/Sms';
import StorefrontIcon from '@mui/icons-material/Storefront';
import TerminalIcon from '@mui/icons-material/Terminal';
import TranslateIcon from '@mui/icons-material/Translate';
import WatchIcon from '@mui/icons-material/Watch';
import WifiIcon from '@mui/icons-material/Wifi';
import { POLICIES } from '../../common/policies';
import { resource, schemaResource, screen, type AppRoute } from './appRoute';

/**
 * Every route of the signed-in app (SPEC section 2), in menu order within each group. The menu,
 * the custom routes and the react-admin <Resource>s are all made from this list. Public pages
 * (no sign-in) are src/routing/AppRoutes.tsx's: they must not load the shell or these icons.
 */
export const ROUTES: readonly AppRoute[] = [
  { key: 'dashboard', path: '/dashboard', label: 'menu.dashboard', group: 'care', icon: DashboardIcon, policy: POLICIES.dashboard, render: screen('DashboardPage') },
  { key: 'geofence', path: '/geofence', label: 'menu.geofence', group: 'care', icon: FenceIcon, policy: POLICIES.geofences, render: screen('GeofencePage') },
  { key: 'billing', path: '/subscription/billing', label: 'menu.billing', group: 'care', icon: CreditCardIcon, policy: POLICIES.billing, render: screen('BillingPage') },
  { key: 'account', path: '/account', label: 'menu.account', group: 'care', icon: ManageAccountsIcon, policy: POLICIES.account, render: screen('AccountPage') },
  { key: 'guides', path: '/guides', label: 'menu.guides', group: 'care', icon: MenuBookIcon, policy: POLICIES.guides, render: schemaResource() },

  { key: 'tenants', path: '/tenants', label: 'menu.tenants', group: 'enterprise', icon: ApartmentIcon, policy: POLICIES.tenants, render: resource('/api/saas/tenants', { list: 'TenantList', create: 'TenantCreate', edit: 'TenantEdit' }) },
  { key: 'customers', path: '/customers', label: 'menu.customers', group: 'enterprise', icon: StorefrontIcon, policy: POLICIES.customers, render: schemaResource() },
  { key: 'organizations', path: '/organizations', label: 'menu.organizations', group: 'enterprise', icon: CorporateFareIcon, policy: POLICIES.organizations, render: schemaResource() },
  { key: 'citizens', path: '/citizens', label: 'menu.citizens', group: 'enterprise', icon: ElderlyIcon, policy: POLICIES.citizens, render: schemaResource() },
  { key: 'users', path: '/users', label: 'menu.users', group: 'enterprise', icon: PeopleIcon, policy: POLICIES.usersOverview, render: screen('UsersOverviewPage') },
  { key: 'devices', path: '/devices', label: 'menu.devices', group: 'enterprise', icon: WatchIcon, policy: POLICIES.devices, render: schemaResource() },
  { key: 'deviceAdministration', path: '/device-administration', label: 'menu.deviceAdministration', group: 'enterprise', icon: DeveloperBoardIcon, policy: POLICIES.deviceAdministration, render: schemaResource() },
  { key: 'simcards', path: '/simcards', label: 'menu.simcards', group: 'enterprise', icon: SimCardIcon, policy: POLICIES.simCards, render: schemaResource() },
  { key: 'accessories', path: '/accessories', label: 'menu.accessories', group: 'enterprise', icon: HeadsetIcon, policy: POLICIES.accessories, render: schemaResource() },
  { key: 'wifis', path: '/wifis', label: 'menu.wifis', group: 'enterprise', icon: WifiIcon, policy: POLICIES.wifis, render: schemaResource() },
  { key: 'invoices', path: '/invoices', label: 'menu.invoices', group: 'enterprise', icon: ReceiptLongIcon, policy: POLICIES.invoices, render: schemaResource() },
  { key: 'contactPeople', path: '/contact-people', label: 'menu.contactPeople', group: 'enterprise', icon: ContactPhoneIcon, policy: POLICIES.contactPeople, render: schemaResource() },
  { key: 'messages', path: '/messages', label: 'menu.messages', group: 'enterprise', icon: SmsIcon, policy: POLICIES.messages, render: schemaResource() },
  { key: 'alarmTexts', path: '/alarm-texts', label: 'menu.alarmTexts', group: 'enterprise', icon: NotificationImportantIcon, policy: POLICIES.alarmTexts, render: schemaResource() },
  { key: 'commandTemplates', path: '/command-templates', label: 'menu.commandTemplates', group: 'enterprise', icon: TerminalIcon, policy: POLICIES.commandTemplates, render: schemaResource() },
  { key: 'troubleshoot', path: '/troubleshoot', label: 'menu.troubleshoot', group: 'enterprise', icon: BuildIcon, policy: POLICIES.troubleshoot, render: screen('TroubleshootPage') },
  { key: 'userLogs', path: '/userLogs', label: 'menu.userLogs', group: 'enterprise', icon: HistoryIcon, policy: POLICIES.userLogs, render: screen('UserLogsPage') },

  { key: 'identityUsers', path: '/identity-management/users', label: 'menu.identityUsers', group: 'identity', icon: BadgeIcon, policy: POLICIES.identityUsers, render: resource('/api/identity/users', { list: 'UserList', create: 'UserCreate', edit: 'UserEdit' }) },
  { key: 'roles', path: '/identity-management/roles', label: 'menu.roles', group: 'identity', icon: AdminPanelSettingsIcon, policy: POLICIES.roles, render: resource('/api/identity/roles', { list: 'RoleList', create: 'RoleCreate', edit: 'RoleEdit' }) },
  { key: 'organizationUnits', path: '/identity-management/organization-units', label: 'menu.organizationUnits', group: 'identity', icon: AccountTreeIcon, policy: POLICIES.organizationUnits, render: resource('/api/identity/organization-units', { list: 'OrganizationUnitsPage' }) },
  { key: 'claimTypes', path: '/identity-management/claim-types', label: 'menu.claimTypes', group: 'identity', icon: LabelIcon, policy: POLICIES.claimTypes, render: resource('/api/identity/claim-types', { list: 'ClaimTypeList', create: 'ClaimTypeCreate', edit: 'ClaimTypeEdit' }) },
  { key: 'securityLogs', path: '/identity-management/security-logs', label: 'menu.securityLogs', group: 'identity', icon: SecurityIcon, policy: POLICIES.securityLogs, render: resource('/api/identity/security-logs', { list: 'SecurityLogList' }) },

  { key: 'languages', path: '/language-management/languages', label: 'menu.languages', group: 'administration', icon: LanguageIcon, policy: POLICIES.languages, render: resource('/api/language-management/languages', { list: 'LanguageList', create: 'LanguageCreate', edit: 'LanguageEdit' }) },
  { key: 'languageTexts', path: '/language-management/texts', label: 'menu.languageTexts', group: 'administration', icon: TranslateIcon, policy: POLICIES.languageTexts, render: screen('LanguageTextsPage') },
  { key: 'settings', path: '/setting-management', label: 'menu.settings', group: 'administration', icon: SettingsIcon, policy: POLICIES.settings, render: screen('SettingsPage') },
  { key: 'auditLogs', path: '/audit-logs', label: 'menu.auditLogs', group: 'administration', icon: FactCheckIcon, policy: POLICIES.auditLogs, render: screen('AuditLogsPage') },
  { key: 'retention', path: '/data-retention', label: 'menu.retention', group: 'administration', icon: AutoDeleteIcon, policy: POLICIES.retention, render: screen('DataRetentionPage') },
];
