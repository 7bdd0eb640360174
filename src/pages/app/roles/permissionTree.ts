/**
 * The permission dialog's rules, as ABP's own permission management dialog has them
 * (abpframework/abp npm/ng-packs/packages/permission-management/src/lib/components/
 * permission-management.component.ts: onClickCheckbox, updatePermissionStatus, setParentClicked,
 * onSelectThisTabChange, onSelectAllChange, getSelectAllCheckboxState, submit).
 */

/** Who holds a permission (ABP ProviderInfoDto): 'R' a role, 'U' the user. */
export interface ProviderInfo {
  providerName: string;
  providerKey: string;
}

/** What the rules read of a permission of the answer (GET /api/permission-management/permissions). */
export interface PermissionDto {
  name: string;
  displayName: string;
  parentName: string | null;
  isGranted: boolean;
  grantedProviders?: ProviderInfo[];
}

export interface PermissionGroupDto {
  name: string;
  displayName: string;
  permissions: PermissionDto[];
}

/** A select-all checkbox: every choosable permission checked, none, or some (indeterminate). */
export interface SelectAllState {
  checked: boolean;
  indeterminate: boolean;
}

/**
 * Granted through another provider (for a user: through one of their roles): the dialog cannot
 * take it away (ABP isGrantedByOtherProviderName: a click on it does nothing).
 */
export const grantedElsewhere = (p: PermissionDto, providerName: string): boolean =>
  p.isGranted && (p.grantedProviders ?? []).some((g) => g.providerName !== providerName);

/** The permission's ancestors, nearest first (ABP findParentPermissions). */
export function ancestorsOf(all: readonly PermissionDto[], name: string): string[] {
  const byName = new Map(all.map((p) => [p.name, p]));
  const found: string[] = [];
  let parent = byName.get(name)?.parentName;
  while (parent && byName.has(parent) && !found.includes(parent)) {
    found.push(parent);
    parent = byName.get(parent)?.parentName;
  }
  return found;
}

/** Every permission below `name`. */
export function descendantsOf(all: readonly PermissionDto[], name: string): string[] {
  const found: string[] = [];
  const walk = (parent: string) => {
    for (const child of all.filter((p) => p.parentName === parent)) {
      if (found.includes(child.name)) continue;
      found.push(child.name);
      walk(child.name);
    }
  };
  walk(name);
  return found;
}

/**
 * Names checked after a click on `name` (ABP onClickCheckbox): checking a permission checks every
 * permission above it and nothing else; unchecking one unchecks everything below it. A permission
 * granted through another provider stays as it is.
 */
export function toggle(all: readonly PermissionDto[], checked: ReadonlySet<string>, name: string, on: boolean, providerName = 'R'): Set<string> {
  const next = new Set(checked);
  const clicked = all.find((p) => p.name === name);
  if (!clicked || (!on && grantedElsewhere(clicked, providerName))) return next;
  if (on) {
    for (const n of [name, ...ancestorsOf(all, name)]) next.add(n);
    return next;
  }
  for (const n of [name, ...descendantsOf(all, name)]) {
    const p = all.find((x) => x.name === n)!;
    if (!grantedElsewhere(p, providerName)) next.delete(n);
  }
  return next;
}

/**
 * State of a select-all checkbox over `permissions` (ABP getSelectAllCheckboxState): only the
 * permissions this provider may change count.
 */
export function selectAllState(permissions: readonly PermissionDto[], checked: ReadonlySet<string>, providerName = 'R'): SelectAllState {
  const selectable = permissions.filter((p) => !grantedElsewhere(p, providerName));
  const selected = selectable.filter((p) => checked.has(p.name));
  if (selectable.length === 0 || selected.length === 0) return { checked: false, indeterminate: false };
  if (selected.length === selectable.length) return { checked: true, indeterminate: false };
  return { checked: false, indeterminate: true };
}

/**
 * A click on a select-all checkbox (ABP onSelectThisTabChange / onSelectAllChange): when it was
 * unchecked or indeterminate every permission of `permissions` is checked, else every one is
 * unchecked; those granted through another provider stay granted.
 */
export function selectAll(permissions: readonly PermissionDto[], checked: ReadonlySet<string>, providerName = 'R'): Set<string> {
  const state = selectAllState(permissions, checked, providerName);
  const on = !state.checked || state.indeterminate;
  const next = new Set(checked);
  for (const p of permissions) {
    if (grantedElsewhere(p, providerName)) next.add(p.name);
    else if (on) next.add(p.name);
    else next.delete(p.name);
  }
  return next;
}

/** The PUT body: only the permissions whose state changed (ABP submit sends the changed ones). */
export function updateBody(groups: readonly PermissionGroupDto[], checked: ReadonlySet<string>) {
  return {
    permissions: groups.flatMap((g) => g.permissions.filter((p) => p.isGranted !== checked.has(p.name)).map((p) => ({ name: p.name, isGranted: checked.has(p.name) }))),
  };
}

export const childrenOf = (all: readonly PermissionDto[], parent: string | null): PermissionDto[] =>
  all.filter((p) => (p.parentName ?? null) === parent);
