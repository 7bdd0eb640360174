import { useTranslation } from 'react-i18next';
import ListSubheader from '@mui/material/ListSubheader';
import { Menu as RaMenu, useCanAccessResources, useResourceDefinitions, useSidebarState } from 'react-admin';
import { NAVIGATION, type NavEntry } from '../../common/navigation';
import { FALLBACK_ICON, MENU_ICONS } from './menuIcons';

const GROUPS: readonly NavEntry['group'][] = ['care', 'enterprise', 'identity', 'administration'];

/** Where schema resources that have no NAVIGATION entry of their own are listed. */
const SCHEMA_GROUP: NavEntry['group'] = 'enterprise';

/** Module constant: useCanAccessResources keys its query on this array. */
const RESOURCES = NAVIGATION.map((entry) => entry.key);

/** Names of the schema resources that asked for a menu item (src/schema/index.tsx, options.schemaMenu). */
function useSchemaMenuResources(): string[] {
  const definitions = useResourceDefinitions<{ schemaMenu?: boolean }>();
  return Object.values(definitions)
    .filter((definition) => definition.options?.schemaMenu && definition.hasList)
    .map((definition) => definition.name)
    .sort();
}

/**
 * The side menu: NAVIGATION grouped by `group`, each entry shown only when canAccess grants its
 * policy (one query for all entries), then schema resources without an entry of their own under
 * 'enterprise', labelled `resources.<name>.name`. Group headings (menu.groups.*) show when the
 * sidebar is open.
 */
export function Menu() {
  const { t } = useTranslation();
  const [open] = useSidebarState();
  const { canAccess } = useCanAccessResources({ action: 'list', resources: RESOURCES });
  const schemaResources = useSchemaMenuResources();

  return (
    <RaMenu>
      {/* One flat list: MUI's MenuList picks the item that takes focus from its direct children and refuses Fragments. */}
      {GROUPS.flatMap((group) => {
        const entries = NAVIGATION.filter((entry) => entry.group === group && canAccess?.[entry.key]);
        const extra = group === SCHEMA_GROUP ? schemaResources : [];
        if (entries.length === 0 && extra.length === 0) return [];
        return [
          open ? (
            <ListSubheader key={`group-${group}`} component="div" disableSticky sx={{ bgcolor: 'transparent', lineHeight: 2.5, mt: 1 }}>
              {t(`menu.groups.${group}`)}
            </ListSubheader>
          ) : null,
          ...entries.map((entry) => {
            const Icon = MENU_ICONS[entry.key] ?? FALLBACK_ICON;
            // primaryText is a key: react-admin translates it (default namespace, menu.*).
            return <RaMenu.Item key={entry.key} to={entry.path} primaryText={entry.label} leftIcon={<Icon />} />;
          }),
          ...extra.map((name) => <RaMenu.ResourceItem key={name} name={name} />),
        ];
      })}
    </RaMenu>
  );
}
