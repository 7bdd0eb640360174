import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
// One import per icon path: importing from the package index would pull every icon in.
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ApartmentIcon from '@mui/icons-material/Apartment';
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
import { chunk, useChunk } from '../components/useChunk';

type IconModule = { default: ComponentType<SvgIconProps> };

/** Shown for an unknown icon name, and while a named icon's chunk loads. */
const FALLBACK_ICON: ComponentType<SvgIconProps> = LabelIcon;

/**
 * The routes' icons by Material name, so a schema without a route of its own that names one
 * (`x-resource.icon`) shows it at once. Imported statically: the shell has them already, and a
 * dynamic import would split each into a chunk of its own.
 */
const LOADED: Readonly<Record<string, ComponentType<SvgIconProps>>> = {
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

/**
 * Further Material icons such a schema may name, each its own small chunk loaded only when a
 * resource uses it. Add a line here to offer another one; an unknown name shows the fallback label icon.
 */
const LOADERS: Readonly<Record<string, () => Promise<IconModule>>> = {
  Alarm: () => import('@mui/icons-material/Alarm'),
  BatteryChargingFull: () => import('@mui/icons-material/BatteryChargingFull'),
  Business: () => import('@mui/icons-material/Business'),
  Cable: () => import('@mui/icons-material/Cable'),
  Category: () => import('@mui/icons-material/Category'),
  Description: () => import('@mui/icons-material/Description'),
  Event: () => import('@mui/icons-material/Event'),
  Group: () => import('@mui/icons-material/Group'),
  Inventory: () => import('@mui/icons-material/Inventory'),
  LocalShipping: () => import('@mui/icons-material/LocalShipping'),
  LocationOn: () => import('@mui/icons-material/LocationOn'),
  Message: () => import('@mui/icons-material/Message'),
  Person: () => import('@mui/icons-material/Person'),
  Router: () => import('@mui/icons-material/Router'),
};

const cache = new Map<string, ComponentType<SvgIconProps>>();

/** The component for an icon name; it shows the fallback icon while its chunk loads. */
export function schemaIcon(name: string | undefined): ComponentType<SvgIconProps> {
  const loaded = name ? LOADED[name] : undefined;
  if (loaded) return loaded;
  const load = name ? LOADERS[name] : undefined;
  if (!name || !load) return FALLBACK_ICON;
  let icon = cache.get(name);
  if (!icon) {
    const iconChunk = chunk(load);
    icon = function SchemaIcon(props: SvgIconProps) {
      const Icon = useChunk(iconChunk)?.default ?? FALLBACK_ICON;
      return <Icon {...props} />;
    };
    cache.set(name, icon);
  }
  return icon;
}

export const knownIconNames = (): string[] => [...Object.keys(LOADED), ...Object.keys(LOADERS)].sort();
