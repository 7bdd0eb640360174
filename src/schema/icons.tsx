import { lazy, Suspense, type ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { FALLBACK_ICON } from '../layout/menuIcons';

type IconModule = { default: ComponentType<SvgIconProps> };

/**
 * Material icons a schema may name in `x-resource.icon`. Each is its own small chunk, loaded only
 * when a resource uses it (importing @mui/icons-material by name would pull in every icon). Add a
 * line here to offer another one; an unknown name shows the fallback label icon.
 */
const LOADERS: Readonly<Record<string, () => Promise<IconModule>>> = {
  AccountTree: () => import('@mui/icons-material/AccountTree'),
  Alarm: () => import('@mui/icons-material/Alarm'),
  Apartment: () => import('@mui/icons-material/Apartment'),
  Badge: () => import('@mui/icons-material/Badge'),
  BatteryChargingFull: () => import('@mui/icons-material/BatteryChargingFull'),
  Business: () => import('@mui/icons-material/Business'),
  Cable: () => import('@mui/icons-material/Cable'),
  Category: () => import('@mui/icons-material/Category'),
  ContactPhone: () => import('@mui/icons-material/ContactPhone'),
  CorporateFare: () => import('@mui/icons-material/CorporateFare'),
  CreditCard: () => import('@mui/icons-material/CreditCard'),
  Description: () => import('@mui/icons-material/Description'),
  DeveloperBoard: () => import('@mui/icons-material/DeveloperBoard'),
  Elderly: () => import('@mui/icons-material/Elderly'),
  Event: () => import('@mui/icons-material/Event'),
  Fence: () => import('@mui/icons-material/Fence'),
  Group: () => import('@mui/icons-material/Group'),
  Headset: () => import('@mui/icons-material/Headset'),
  Inventory: () => import('@mui/icons-material/Inventory'),
  Label: () => import('@mui/icons-material/Label'),
  Language: () => import('@mui/icons-material/Language'),
  LocalShipping: () => import('@mui/icons-material/LocalShipping'),
  LocationOn: () => import('@mui/icons-material/LocationOn'),
  Message: () => import('@mui/icons-material/Message'),
  NotificationImportant: () => import('@mui/icons-material/NotificationImportant'),
  People: () => import('@mui/icons-material/People'),
  Person: () => import('@mui/icons-material/Person'),
  ReceiptLong: () => import('@mui/icons-material/ReceiptLong'),
  Router: () => import('@mui/icons-material/Router'),
  Settings: () => import('@mui/icons-material/Settings'),
  SimCard: () => import('@mui/icons-material/SimCard'),
  Sms: () => import('@mui/icons-material/Sms'),
  Storefront: () => import('@mui/icons-material/Storefront'),
  Terminal: () => import('@mui/icons-material/Terminal'),
  Translate: () => import('@mui/icons-material/Translate'),
  Watch: () => import('@mui/icons-material/Watch'),
  Wifi: () => import('@mui/icons-material/Wifi'),
};

const cache = new Map<string, ComponentType<SvgIconProps>>();

/** The component for an icon name; it shows the fallback icon while its chunk loads. */
export function schemaIcon(name: string | undefined): ComponentType<SvgIconProps> {
  const load = name ? LOADERS[name] : undefined;
  if (!name || !load) return FALLBACK_ICON;
  let icon = cache.get(name);
  if (!icon) {
    const Lazy = lazy(load);
    icon = function SchemaIcon(props: SvgIconProps) {
      return (
        <Suspense fallback={<FALLBACK_ICON {...props} />}>
          <Lazy {...props} />
        </Suspense>
      );
    };
    cache.set(name, icon);
  }
  return icon;
}

export const knownIconNames = (): string[] => Object.keys(LOADERS);
