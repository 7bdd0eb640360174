import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { FALLBACK_ICON, ICONS_BY_NAME } from '../layout/menuIcons';
import { chunk, useChunk } from '../components/useChunk';

type IconModule = { default: ComponentType<SvgIconProps> };

/**
 * Material icons a schema may name in `x-resource.icon`: the menu's own (already loaded), or one
 * of these, each its own small chunk loaded only when a resource uses it (importing
 * @mui/icons-material by name would pull in every icon). Add a line here to offer another one; an
 * unknown name shows the fallback label icon.
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
  const loaded = name ? ICONS_BY_NAME[name] : undefined;
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

export const knownIconNames = (): string[] => [...Object.keys(ICONS_BY_NAME), ...Object.keys(LOADERS)].sort();
