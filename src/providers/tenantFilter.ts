import { TENANT_HEADER } from '../../common/abp-contract';
import { ALL_TENANTS, ROLE_TEMPLATE_ADMIN } from '../../common/roles';

/**
 * The host user's tenant filter (SPEC sections 3 and 9), kept in localStorage 'tenantFilter':
 * a tenant id, ALL_TENANTS (every tenant) or 'null' (the provider's own organisation). Empty means
 * no filter. Stored raw; a JSON-quoted string is accepted too.
 */
export const TENANT_FILTER_KEY = 'tenantFilter';
export const OWN_ORGANISATION = 'null';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A stored value as the `__tenant` header value, or undefined when unset or not a valid choice. */
export function tenantHeaderValue(stored: string | null | undefined): string | undefined {
  if (!stored) return undefined;
  let value = stored.trim();
  if (value.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(value);
      value = typeof parsed === 'string' ? parsed : '';
    } catch {
      return undefined;
    }
  }
  if (value === OWN_ORGANISATION || value === ALL_TENANTS || UUID.test(value)) return value;
  return undefined;
}

export function readTenantFilter(): string | undefined {
  try {
    return tenantHeaderValue(localStorage.getItem(TENANT_FILTER_KEY));
  } catch {
    return undefined;
  }
}

/** Stores the choice (raw), or clears it for undefined. */
export function writeTenantFilter(value: string | undefined): void {
  try {
    if (value === undefined) localStorage.removeItem(TENANT_FILTER_KEY);
    else localStorage.setItem(TENANT_FILTER_KEY, value);
  } catch {
    // Storage unavailable (private mode): the choice lasts until reload.
  }
}

/** The filter a user starts with: a 'Template Admin' always starts on the own organisation. */
export function initialTenantFilter(stored: string | undefined, roles: readonly string[]): string | undefined {
  return roles.includes(ROLE_TEMPLATE_ADMIN) ? OWN_ORGANISATION : stored;
}

/**
 * The `__tenant` header that makes a request act in a record's own tenant (null: the host), so a
 * picker, a dialog or a create working on one tenant's records does so whatever the filter shows
 * (every tenant, say). Undefined (no tenant given): the tenant filter applies as usual.
 */
export function ownTenantHeaders(tenantId: string | null | undefined): Record<string, string> | undefined {
  return tenantId === undefined ? undefined : { [TENANT_HEADER]: tenantId ?? OWN_ORGANISATION };
}
