import { useTranslation } from 'react-i18next';
import ListSubheader from '@mui/material/ListSubheader';
import { Menu as RaMenu, useCanAccessResources, useResourceDefinitions, useSidebarState } from 'react-admin';
import type { MenuGroup } from '../routing/appRoute';
import { ROUTES } from '../routing/routes';

const GROUPS: readonly MenuGroup[] = ['care', 'enterprise', 'identity', 'administration'];

/** Where schema resources that have no route of their own are listed. */
const SCHEMA_GROUP: MenuGroup = 'enterprise';

/** Module constant: useCanAccessResources keys its query on this array. */
const RESOURCES = ROUTES.map((route) => route.key);

/** Names of the schema resources that asked for a menu item (src/schema/index.tsx, options.schemaMenu). */
function useSchemaMenuResources(): string[] {
  const definitions = useResourceDefinitions<{ schemaMenu?: boolean }>();
  return Object.values(definitions)
    .filter((definition) => definition.options?.schemaMenu && definition.hasList)
    .map((definition) => definition.name)
    .sort();
}

/**
 * The side menu: the routes of src/routing/routes.ts grouped by `group`, each shown only when
 * canAccess grants its policy (one query for all of them), then schema resources without a route
 * of their own under 'enterprise', labelled `resources.<name>.name`. Group headings
 * (menu.groups.*) show when the sidebar is open.
 */
export function Menu() {
  const { t } = useTranslation();
  const [open] = useSidebarState();
  const { canAccess } = useCanAccessResources({ action: 'list', resources: RESOURCES });
  const schemaResources = useSchemaMenuResources();

  return (
    // Open, a long label ('Command templates', 'Organisationseinheiten') wraps between its words rather than ending in '…'.
    <RaMenu sx={open ? { '& .RaMenuItemLink-root, & .RaMenuItemLink-root *': { whiteSpace: 'normal', overflowWrap: 'normal' } } : undefined}>
      {/* One flat list: MUI's MenuList picks the item that takes focus from its direct children and refuses Fragments. */}
      {GROUPS.flatMap((group) => {
        const routes = ROUTES.filter((route) => route.group === group && canAccess?.[route.key]);
        const extra = group === SCHEMA_GROUP ? schemaResources : [];
        if (routes.length === 0 && extra.length === 0) return [];
        return [
          open ? (
            <ListSubheader key={`group-${group}`} component="div" disableSticky sx={{ bgcolor: 'transparent', lineHeight: 2.5, mt: 1 }}>
              {t(`menu.groups.${group}`)}
            </ListSubheader>
          ) : null,
          // primaryText is a key: react-admin translates it (default namespace, menu.*).
          ...routes.map(({ key, path, label, icon: Icon }) => <RaMenu.Item key={key} to={path} primaryText={label} leftIcon={<Icon />} />),
          ...extra.map((name) => <RaMenu.ResourceItem key={name} name={name} />),
        ];
      })}
    </RaMenu>
  );
}
