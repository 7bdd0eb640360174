import { ALL_TENANTS } from '../../../../common/roles';
import { OWN_ORGANISATION } from '../../../providers/tenantFilter';

/**
 * Whose settings the page edits: 'host', or the tenant id the host user picked in the tenant
 * filter (sent as `__tenant`). No filter, the own organisation ('null') and all tenants act as
 * the host on the server.
 */
export function settingsScope(tenantFilter: string | undefined): string {
  if (!tenantFilter || tenantFilter === OWN_ORGANISATION || tenantFilter === ALL_TENANTS) return 'host';
  return tenantFilter;
}
