/** ABP permission management answer (GET /api/permission-management/permissions). */
export interface PermissionDto {
  name: string;
  displayName: string;
  parentName: string | null;
  isGranted: boolean;
}

export interface PermissionGroupDto {
  name: string;
  displayName: string;
  permissions: PermissionDto[];
}

export interface PermissionsAnswer {
  entityDisplayName?: string;
  groups: PermissionGroupDto[];
}

/** Names checked after toggling `name`: checking checks every ancestor, unchecking unchecks every descendant. */
export function toggle(all: readonly PermissionDto[], checked: ReadonlySet<string>, name: string, on: boolean): Set<string> {
  const next = new Set(checked);
  const byName = new Map(all.map((p) => [p.name, p]));
  if (on) {
    let current: string | null | undefined = name;
    while (current) {
      next.add(current);
      current = byName.get(current)?.parentName;
    }
    return next;
  }
  const drop = (n: string): void => {
    next.delete(n);
    for (const child of all.filter((p) => p.parentName === n)) drop(child.name);
  };
  drop(name);
  return next;
}

/** The PUT body: every permission of every group with its wanted state. */
export function updateBody(groups: readonly PermissionGroupDto[], checked: ReadonlySet<string>) {
  return { permissions: groups.flatMap((g) => g.permissions.map((p) => ({ name: p.name, isGranted: checked.has(p.name) }))) };
}

export const childrenOf = (all: readonly PermissionDto[], parent: string | null): PermissionDto[] =>
  all.filter((p) => (p.parentName ?? null) === parent);
