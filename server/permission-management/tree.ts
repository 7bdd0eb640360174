import { POLICIES } from '../../common/policies';
import { translate } from '../localization/texts';

/**
 * The permission tree of ABP's permission management, built from the policy catalogue: a group per
 * name prefix ('AbpIdentity.Users.Create' is in AbpIdentity), a permission's parent is its name
 * without the last part when that is a policy too. Display names come from server:permissions.*;
 * a policy added later without a text shows its last name part in words.
 */
export const GROUP_ORDER = ['Vigil', 'AbpIdentity', 'Saas', 'LanguageManagement', 'AuditLogging', 'SettingManagement'] as const;

const KEY_OF_POLICY = new Map<string, string>(Object.entries(POLICIES).map(([key, name]) => [name, key]));

const words = (part: string) => part.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

function text(key: string, lang: string, fallback: string): string {
  const value = translate(key, lang);
  return value === key ? fallback : value;
}

export function permissionDisplayName(name: string, hasParent: boolean, lang: string): string {
  const key = KEY_OF_POLICY.get(name);
  if (key) return text(`permissions.policies.${key}`, lang, words(name.split('.').at(-1)!));
  const last = name.split('.').at(-1)!;
  return hasParent ? text(`permissions.actions.${last}`, lang, words(last)) : words(last);
}

export const groupOf = (name: string) => name.split('.')[0]!;

export interface PermissionNode {
  name: string;
  displayName: string;
  parentName: string | null;
}

export interface PermissionGroupNode {
  name: string;
  displayName: string;
  permissions: PermissionNode[];
}

/**
 * A permission's parent (ABP PermissionDefinition.Parent): its name without the last part, when
 * that is a policy of the catalogue. Only a resource's own policy parents its actions
 * ('Vigil.SimCards' of 'Vigil.SimCards.Create'); no group or other module is a parent, so granting
 * an action grants no other menu entry than its resource's.
 */
export function parentOfIn(known: ReadonlySet<string>, name: string): string | null {
  const parent = name.split('.').slice(0, -1).join('.');
  return parent && parent !== name && known.has(parent) ? parent : null;
}

/** Groups in a fixed order (unknown prefixes after), each permission right after its parent. */
export function permissionTree(policies: readonly string[], lang: string): PermissionGroupNode[] {
  const known = new Set(policies);
  const parentOf = (name: string) => parentOfIn(known, name);
  const groups = new Map<string, PermissionNode[]>();
  for (const name of [...policies].sort()) {
    const parentName = parentOf(name);
    const list = groups.get(groupOf(name)) ?? [];
    list.push({ name, displayName: permissionDisplayName(name, parentName !== null, lang), parentName });
    groups.set(groupOf(name), list);
  }
  const order = (g: string) => {
    const i = (GROUP_ORDER as readonly string[]).indexOf(g);
    return i < 0 ? GROUP_ORDER.length : i;
  };
  return [...groups.keys()]
    .sort((a, b) => order(a) - order(b) || a.localeCompare(b))
    .map((name) => ({ name, displayName: text(`permissions.groups.${name}`, lang, name), permissions: groups.get(name)! }));
}
