import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import ListSubheader from '@mui/material/ListSubheader';
import { Menu as RaMenu, useCanAccessResources, useSidebarState } from 'react-admin';
import { NAVIGATION, type NavEntry } from '../../common/navigation';
import { FALLBACK_ICON, MENU_ICONS } from './menuIcons';

const GROUPS: readonly NavEntry['group'][] = ['care', 'enterprise', 'identity', 'administration'];

/** Module constant: useCanAccessResources keys its query on this array. */
const RESOURCES = NAVIGATION.map((entry) => entry.key);

/**
 * The side menu: NAVIGATION grouped by `group`, each entry shown only when canAccess grants its
 * policy (one query for all entries). Group headings (menu.groups.*) show when the sidebar is open.
 */
export function Menu() {
  const { t } = useTranslation();
  const [open] = useSidebarState();
  const { canAccess } = useCanAccessResources({ action: 'list', resources: RESOURCES });

  return (
    <RaMenu>
      {GROUPS.map((group) => {
        const entries = NAVIGATION.filter((entry) => entry.group === group && canAccess?.[entry.key]);
        if (entries.length === 0) return null;
        return (
          <Fragment key={group}>
            {open && (
              <ListSubheader component="div" disableSticky sx={{ bgcolor: 'transparent', lineHeight: 2.5, mt: 1 }}>
                {t(`menu.groups.${group}`)}
              </ListSubheader>
            )}
            {entries.map((entry) => {
              const Icon = MENU_ICONS[entry.key] ?? FALLBACK_ICON;
              // primaryText is a key: react-admin translates it (default namespace, menu.*).
              return <RaMenu.Item key={entry.key} to={entry.path} primaryText={entry.label} leftIcon={<Icon />} />;
            })}
          </Fragment>
        );
      })}
    </RaMenu>
  );
}
