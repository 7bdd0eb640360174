import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
// One import per icon path: importing from the package index would pull every icon into the shell.
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ApartmentIcon from '@mui/icons-material/Apartment';
import BuildIcon from '@mui/icons-material/Build';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import CorporateFareIcon from '@mui/icons-material/CorporateFare';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DeveloperBoardIcon from '@mui/icons-material/DeveloperBoard';
import ElderlyIcon from '@mui/icons-material/Elderly';
import AutoDeleteIcon from '@mui/icons-material/AutoDelete';
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
import BadgeIcon from '@mui/icons-material/Badge';

/** The menu icon of each NAVIGATION entry, by its key (common/navigation.ts). */
export const MENU_ICONS: Readonly<Record<string, ComponentType<SvgIconProps>>> = {
  dashboard: DashboardIcon,
  geofence: FenceIcon,
  billing: CreditCardIcon,
  account: ManageAccountsIcon,
  guides: MenuBookIcon,
  tenants: ApartmentIcon,
  customers: StorefrontIcon,
  organizations: CorporateFareIcon,
  citizens: ElderlyIcon,
  users: PeopleIcon,
  devices: WatchIcon,
  deviceAdministration: DeveloperBoardIcon,
  simcards: SimCardIcon,
  accessories: HeadsetIcon,
  wifis: WifiIcon,
  invoices: ReceiptLongIcon,
  contactPeople: ContactPhoneIcon,
  messages: SmsIcon,
  alarmTexts: NotificationImportantIcon,
  commandTemplates: TerminalIcon,
  troubleshoot: BuildIcon,
  userLogs: HistoryIcon,
  identityUsers: BadgeIcon,
  roles: AdminPanelSettingsIcon,
  organizationUnits: AccountTreeIcon,
  claimTypes: LabelIcon,
  securityLogs: SecurityIcon,
  languages: LanguageIcon,
  languageTexts: TranslateIcon,
  settings: SettingsIcon,
  auditLogs: FactCheckIcon,
  retention: AutoDeleteIcon,
};

export const FALLBACK_ICON: ComponentType<SvgIconProps> = LabelIcon;

/** The same icons by their Material name, so a schema naming one (`x-resource.icon`) reuses it. */
export const ICONS_BY_NAME: Readonly<Record<string, ComponentType<SvgIconProps>>> = {
  AccountTree: AccountTreeIcon,
  AdminPanelSettings: AdminPanelSettingsIcon,
  Apartment: ApartmentIcon,
  Badge: BadgeIcon,
  Build: BuildIcon,
  ContactPhone: ContactPhoneIcon,
  CorporateFare: CorporateFareIcon,
  CreditCard: CreditCardIcon,
  Dashboard: DashboardIcon,
  DeveloperBoard: DeveloperBoardIcon,
  Elderly: ElderlyIcon,
  FactCheck: FactCheckIcon,
  Fence: FenceIcon,
  Headset: HeadsetIcon,
  History: HistoryIcon,
  Label: LabelIcon,
  Language: LanguageIcon,
  ManageAccounts: ManageAccountsIcon,
  MenuBook: MenuBookIcon,
  NotificationImportant: NotificationImportantIcon,
  People: PeopleIcon,
  ReceiptLong: ReceiptLongIcon,
  Security: SecurityIcon,
  Settings: SettingsIcon,
  SimCard: SimCardIcon,
  Sms: SmsIcon,
  Storefront: StorefrontIcon,
  Terminal: TerminalIcon,
  Translate: TranslateIcon,
  Watch: WatchIcon,
  Wifi: WifiIcon,
};
