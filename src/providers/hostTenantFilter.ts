import { POLICIES } from '../../common/policies';
import { ALL_TENANTS } from '../../common/roles';
import { getApplicationConfiguration, type ApplicationConfiguration } from './sessionData';
import { initialTenantFilter, readTenantFilter, writeTenantFilter } from './tenantFilter';
import { getSignedInUser } from './userManager';

/** A host user (no tenant) holding Saas.Tenants picks the tenant the back office shows. */
export const canFilterTenants = (config: ApplicationConfiguration): boolean =>
  config.currentUser.tenantId === null && config.auth.grantedPolicies[POLICIES.tenants] === true;

let settled: { sub: string; allowed: Promise<boolean> } | undefined;

/**
 * Sets the signed-in user's starting tenant filter once per subject and page (SPEC sections 3 and
 * 9): the own organisation for a 'Template Admin', anyone else's stored choice kept, and all
 * tenants when nothing is stored (a host user's lists show every tenant's records; pickers and
 * permission dialogs then work in the edited record's own tenant, docs/decisions/029-tenant-filter-all-and-the-permission-dialog.md). The
 * shell awaits it before declaring its routes, so the first list request already carries the
 * filter. Resolves whether the user may filter; `onChange` runs when this call changed the value.
 * A failure (nobody signed in, configuration not loaded) is not kept: the next call tries again.
 */
export async function settleTenantFilter(onChange?: () => void): Promise<boolean> {
  const user = await getSignedInUser();
  if (!user) return false;
  if (settled?.sub === user.sub) return settled.allowed;
  const allowed = getApplicationConfiguration().then((config) => {
    const may = canFilterTenants(config);
    const stored = readTenantFilter();
    const initial = initialTenantFilter(stored, config.currentUser.roles) ?? ALL_TENANTS;
    if (may && initial !== undefined && initial !== stored) {
      writeTenantFilter(initial);
      onChange?.();
    }
    return may;
  });
  const entry = { sub: user.sub, allowed };
  settled = entry;
  allowed.catch(() => {
    if (settled === entry) settled = undefined;
  });
  return allowed;
}
