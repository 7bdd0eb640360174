import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { CAREGIVER_POLICIES, isHostOnlyPolicy, POLICIES } from '../../common/policies';
import type { ResourceSchema } from '../../common/schema/types';
import { policyCatalogue } from '../../server/permissions/catalogue';
import { permissionTree } from '../../server/permission-management/tree';
import { ROUTES } from '../../src/routing/routes';
import { selectAll, selectAllState, toggle, updateBody, type PermissionDto, type PermissionGroupDto } from '../../src/pages/app/roles/permissionTree';

/**
 * The permission dialog's rules, each as ABP's Angular permission management dialog has it:
 * abpframework/abp npm/ng-packs/packages/permission-management/src/lib/components/permission-management.component.ts
 * (cited below as "ABP component", with the method the fact comes from).
 */
const p = (name: string, parentName: string | null, isGranted = false, grantedProviders: PermissionDto['grantedProviders'] = []): PermissionDto => ({
  name,
  displayName: name,
  parentName,
  isGranted,
  grantedProviders,
});

// A three-level tree, as ABP allows (parent, child, grandchild), and a sibling root.
const tree = [p('A', null), p('A.Create', 'A'), p('A.Create.Bulk', 'A.Create'), p('A.Delete', 'A'), p('B', null), p('B.Create', 'B')];
const names = (s: ReadonlySet<string>) => [...s].sort();

describe('permission dialog rules (ABP)', () => {
  it('checking a child checks its parent and every ancestor, nothing else', () => {
    // ABP component, updatePermissionStatus (isParentOfPermission -> isGranted true) and
    // setParentClicked (every permission of findParentPermissions -> isGranted true).
    expect(names(toggle(tree, new Set(), 'A.Create', true))).toEqual(['A', 'A.Create']);
    expect(names(toggle(tree, new Set(), 'A.Create.Bulk', true))).toEqual(['A', 'A.Create', 'A.Create.Bulk']);
    // Siblings and other roots stay as they were.
    expect(names(toggle(tree, new Set(['B']), 'A.Delete', true))).toEqual(['A', 'A.Delete', 'B']);
  });

  it('checking a parent checks none of its children', () => {
    // ABP component, updatePermissionStatus: only the clicked permission and its parent change on a check.
    expect(names(toggle(tree, new Set(), 'A', true))).toEqual(['A']);
  });

  it('unchecking a parent unchecks its children (a root: everything below it)', () => {
    // ABP component, updatePermissionStatus (isChildOfPermission && isGranted -> false) and
    // setParentClicked for a root (every permission whose root parent is the clicked one -> false).
    const all = new Set(tree.map((x) => x.name));
    expect(names(toggle(tree, all, 'A', false))).toEqual(['B', 'B.Create']);
    expect(names(toggle(tree, all, 'A.Create', false))).toEqual(['A', 'A.Delete', 'B', 'B.Create']);
  });

  it('unchecking a child leaves its parent checked', () => {
    // ABP component, updatePermissionStatus: an uncheck changes the clicked permission and its children only.
    expect(names(toggle(tree, new Set(['A', 'A.Create']), 'A.Create', false))).toEqual(['A']);
  });

  it('a permission granted through another provider cannot be unchecked', () => {
    // ABP component, onClickCheckbox: `if (isGranted && isGrantedByOtherProviderName(grantedProviders)) return;`
    const viaRole = [p('A', null, true, [{ providerName: 'R', providerKey: 'admin' }]), p('A.Create', 'A')];
    expect(names(toggle(viaRole, new Set(['A']), 'A', false, 'U'))).toEqual(['A']);
    expect(names(toggle(viaRole, new Set(['A']), 'A', false, 'R'))).toEqual([]);
  });

  it('select all (per group and overall): checks all when unchecked or partial, unchecks all when all are checked', () => {
    // ABP component, onSelectThisTabChange / onSelectAllChange: `checked = !state.checked || state.indeterminate`.
    expect(names(selectAll(tree, new Set()))).toEqual(names(new Set(tree.map((x) => x.name))));
    expect(names(selectAll(tree, new Set(['A'])))).toEqual(names(new Set(tree.map((x) => x.name))));
    expect(names(selectAll(tree, new Set(tree.map((x) => x.name))))).toEqual([]);
    // A group's select-all leaves the other groups alone.
    const groupB = tree.filter((x) => x.name.startsWith('B'));
    expect(names(selectAll(groupB, new Set(['A'])))).toEqual(['A', 'B', 'B.Create']);
    // ...and what another provider grants stays granted (ABP: isGrantedByOtherProviderName(...) || checked).
    const viaRole = [p('A', null, true, [{ providerName: 'R', providerKey: 'admin' }]), p('A.Create', 'A', true, [{ providerName: 'U', providerKey: 'u1' }])];
    expect(names(selectAll(viaRole, new Set(['A', 'A.Create']), 'U'))).toEqual(['A']);
  });

  it('shows a group as partly granted (indeterminate) when some but not all are checked', () => {
    // ABP component, getSelectAllCheckboxState: none -> unchecked; all selectable -> checked; else indeterminate.
    expect(selectAllState(tree, new Set())).toEqual({ checked: false, indeterminate: false });
    expect(selectAllState(tree, new Set(['A', 'A.Create']))).toEqual({ checked: false, indeterminate: true });
    expect(selectAllState(tree, new Set(tree.map((x) => x.name)))).toEqual({ checked: true, indeterminate: false });
    // Permissions another provider grants do not count.
    const viaRole = [p('A', null, true, [{ providerName: 'R', providerKey: 'admin' }]), p('A.Create', 'A')];
    expect(selectAllState(viaRole, new Set(['A', 'A.Create']), 'U')).toEqual({ checked: true, indeterminate: false });
  });

  it('saves only the permissions whose state changed', () => {
    // ABP component, submit: `changedPermissions = permissions.filter(per => unchanged.isGranted !== per.isGranted)`.
    const groups: PermissionGroupDto[] = [{ name: 'G', displayName: 'G', permissions: [p('A', null, true), p('A.Create', 'A'), p('B', null, true)] }];
    expect(updateBody(groups, new Set(['A', 'A.Create', 'B']))).toEqual({ permissions: [{ name: 'A.Create', isGranted: true }] });
    expect(updateBody(groups, new Set(['A']))).toEqual({ permissions: [{ name: 'B', isGranted: false }] });
  });
});

describe("the product's permission tree", () => {
  const schemas = fs
    .readdirSync(path.resolve('schemas'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.resolve('schemas', f), 'utf8')) as ResourceSchema);
  const catalogue = policyCatalogue(schemas);
  const tenantTree = permissionTree(catalogue.filter((n) => !isHostOnlyPolicy(n)), 'en');
  const all = permissionTree(catalogue, 'en').flatMap((g) => g.permissions);
  const menuPolicies = new Set(ROUTES.map((n) => n.policy).filter((x): x is string => Boolean(x)));

  it('parents an action only with its own resource, in the same group (ABP PermissionDefinition.Parent)', () => {
    for (const perm of all) {
      if (!perm.parentName) continue;
      expect(perm.name.startsWith(`${perm.parentName}.`), perm.name).toBe(true);
      expect(perm.name.split('.').length, perm.name).toBe(perm.parentName.split('.').length + 1);
    }
    // A menu entry's policy is never a child of another policy: ticking one permission can only
    // tick the menu entry of its own resource.
    for (const policy of menuPolicies) expect(all.find((x) => x.name === policy)?.parentName ?? null, policy).toBeNull();
  });

  it("ticking any permission a tenant role is offered ticks no menu entry other than that permission's own resource", () => {
    for (const group of tenantTree) {
      for (const perm of group.permissions) {
        const ticked = toggle(group.permissions.map((x) => ({ ...x, isGranted: false })), new Set(), perm.name, true);
        const entries = [...ticked].filter((n) => menuPolicies.has(n));
        const own = perm.parentName ?? perm.name;
        expect(entries.filter((e) => e !== own), perm.name).toEqual([]);
      }
    }
  });

  it("offers a tenant role (e.g. 'Plug and Play User') no host-only policy: no language texts", () => {
    const offered = tenantTree.flatMap((g) => g.permissions.map((x) => x.name));
    for (const hostOnly of [POLICIES.languageTexts, `${POLICIES.languageTexts}.Edit`, POLICIES.languages, POLICIES.tenants]) expect(offered).not.toContain(hostOnly);
    // The caregivers' policies are all offered to the tenant's role, each with its parent.
    for (const name of CAREGIVER_POLICIES) expect(offered, name).toContain(name);
  });
});
