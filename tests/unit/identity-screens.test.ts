import { describe, expect, it } from 'vitest';
import { toggle, updateBody, type PermissionDto } from '../../src/pages/app/roles/permissionTree';
import { roleBody } from '../../src/pages/app/roles/RoleForm';
import { passwordValidator, userBody } from '../../src/pages/app/identityUsers/userBody';

const p = (name: string, parentName: string | null = null): PermissionDto => ({ name, displayName: name, parentName, isGranted: false });
const ALL = [p('Vigil.SimCards'), p('Vigil.SimCards.Create', 'Vigil.SimCards'), p('Vigil.SimCards.Delete', 'Vigil.SimCards'), p('Vigil.Devices')];

describe('permission tree', () => {
  it('checking a child checks its parent', () => {
    expect([...toggle(ALL, new Set(), 'Vigil.SimCards.Create', true)].sort()).toEqual(['Vigil.SimCards', 'Vigil.SimCards.Create']);
  });
  it('unchecking a parent unchecks its children', () => {
    const checked = new Set(['Vigil.SimCards', 'Vigil.SimCards.Create', 'Vigil.Devices']);
    expect([...toggle(ALL, checked, 'Vigil.SimCards', false)]).toEqual(['Vigil.Devices']);
  });
  it('sends only the permissions whose state changed, as the ABP dialog does', () => {
    // ALL starts with nothing granted: ticking Vigil.Devices sends that one grant and nothing else.
    const body = updateBody([{ name: 'g', displayName: 'G', permissions: ALL }], new Set(['Vigil.Devices']));
    expect(body.permissions).toEqual([{ name: 'Vigil.Devices', isGranted: true }]);
    const granted = ALL.map((permission) => ({ ...permission, isGranted: permission.name === 'Vigil.SimCards' }));
    expect(updateBody([{ name: 'g', displayName: 'G', permissions: granted }], new Set()).permissions).toEqual([{ name: 'Vigil.SimCards', isGranted: false }]);
  });
});

describe('identity bodies', () => {
  it('sends only the role fields the endpoint accepts', () => {
    expect(roleBody({ id: 'x', name: 'R', isStatic: true, isDefault: true, userCount: 3, concurrencyStamp: 's' })).toEqual({ name: 'R', isDefault: true, isPublic: false, concurrencyStamp: 's' });
  });
  it('sends only the user fields the endpoint accepts, empty texts as null', () => {
    expect(userBody({ id: 'x', userName: 'u', email: 'u@x.test', name: '', isLockedOut: false, password: 'P' })).toEqual({ userName: 'u', email: 'u@x.test', name: null, password: 'P', roleNames: [] });
  });
  it('checks passwords with the shared rule', () => {
    const validate = passwordValidator((key) => key);
    expect(validate('short')).toContain('validation:minLength');
    expect(validate('Long-Enough-2026')).toBeUndefined();
  });
});

describe('tenant filter start value', () => {
  it('resets a Template Admin to the own organisation and keeps anyone else\'s choice', async () => {
    const { initialTenantFilter } = await import('../../src/providers/tenantFilter');
    expect(initialTenantFilter('00000000-0000-0000-0000-000000000000', ['Template Admin'])).toBe('null');
    expect(initialTenantFilter(undefined, ['Template Admin'])).toBe('null');
    expect(initialTenantFilter('00000000-0000-0000-0000-000000000000', ['admin'])).toBe('00000000-0000-0000-0000-000000000000');
    expect(initialTenantFilter(undefined, [])).toBeUndefined();
  });
});
