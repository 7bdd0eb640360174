import { describe, expect, it } from 'vitest';
import { isAllowed, policyForAction, policyForResource, registerResourcePolicy } from '../../src/providers/resourcePolicies';

describe('resource -> policy (canAccess)', () => {
  it('finds registry routes by key or path', () => {
    expect(policyForResource('tenants')).toBe('Saas.Tenants');
    expect(policyForResource('identityUsers')).toBe('AbpIdentity.Users');
    expect(policyForResource('identity-management/users')).toBe('AbpIdentity.Users');
    expect(policyForResource('/identity-management/users')).toBe('AbpIdentity.Users');
    expect(policyForResource('/subscription/billing')).toBe('Vigil.Billing');
  });

  it('accepts policy names and registered resources', () => {
    expect(policyForResource('AbpIdentity.Roles')).toBe('AbpIdentity.Roles');
    registerResourcePolicy('command-templatess', 'Vigil.CommandTemplates');
    expect(policyForResource('command-templatess')).toBe('Vigil.CommandTemplates');
    expect(policyForResource('something-else')).toBeUndefined();
  });

  it('maps actions to ABP child policies', () => {
    expect(policyForAction('Saas.Tenants', 'list')).toBe('Saas.Tenants');
    expect(policyForAction('Saas.Tenants', 'show')).toBe('Saas.Tenants');
    expect(policyForAction('Saas.Tenants', 'create')).toBe('Saas.Tenants.Create');
    expect(policyForAction('Saas.Tenants', 'clone')).toBe('Saas.Tenants.Create');
    expect(policyForAction('Saas.Tenants', 'edit')).toBe('Saas.Tenants.Update');
    expect(policyForAction('Saas.Tenants', 'delete')).toBe('Saas.Tenants.Delete');
  });

  it('allows what grantedPolicies grant, and nothing else it knows', () => {
    const granted = { 'Saas.Tenants': true, 'Saas.Tenants.Update': true, 'Saas.Tenants.Delete': false };
    expect(isAllowed(granted, 'tenants', 'list')).toBe(true);
    expect(isAllowed(granted, 'tenants', 'edit')).toBe(true);
    expect(isAllowed(granted, 'tenants', 'delete')).toBe(false);
    expect(isAllowed(granted, 'tenants', 'create')).toBe(false);
    expect(isAllowed(granted, 'devices', 'list')).toBe(false);
    // Unknown resources are left to the server.
    expect(isAllowed(granted, 'unknown-thing', 'list')).toBe(true);
  });
});
