/**
 * The tenant screens' mapping between react-admin records and ABP SaaS's tenant DTO
 * (`/api/saas/tenants`, which also takes the back office's customTenant fields).
 */

/** ABP SaaS activation states as the tenant DTO reports them. */
export const ACTIVATION_STATE = { active: 0, activeWithLimitedTime: 1, passive: 2 } as const;
export type ActivationState = (typeof ACTIVATION_STATE)[keyof typeof ACTIVATION_STATE];

/** The back office's own tenant fields (`/api/app/customTenant`). */
export const CUSTOM_TENANT_FIELDS = ['contactEmail', 'phoneNumber', 'address', 'customerNumber', 'notes'] as const;
export type CustomTenantField = (typeof CUSTOM_TENANT_FIELDS)[number];

export interface TenantRecord extends Partial<Record<CustomTenantField, string | null>> {
  id: string;
  name: string;
  activationState: ActivationState;
  activationEndDate: string | null;
  isActive: boolean;
  /** Active and not past its end date: its users can sign in now. */
  isAvailable: boolean;
  creationTime?: string;
  concurrencyStamp?: string;
}

export interface TenantBody extends Record<CustomTenantField, string | null> {
  name: string;
  isActive: boolean;
  activationEndDate: string | null;
  concurrencyStamp?: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * The create/update body: name, the active flag with an optional end date (no activationState, so
 * the flag decides), and every custom field (an emptied field is sent as null, which clears it).
 * Read-only DTO fields are left out: the endpoint refuses unknown properties.
 */
export function tenantBody(data: Record<string, unknown>): TenantBody {
  const body = {
    name: typeof data.name === 'string' ? data.name.trim() : '',
    isActive: data.isActive !== false,
    activationEndDate: text(data.activationEndDate),
  } as TenantBody;
  for (const field of CUSTOM_TENANT_FIELDS) body[field] = text(data[field]);
  if (typeof data.concurrencyStamp === 'string') body.concurrencyStamp = data.concurrencyStamp;
  return body;
}

/** How a tenant's activation reads in the list: a translation key under `tenants.state`. */
export type TenantStatus = 'active' | 'activeUntil' | 'expired' | 'inactive';

export function tenantStatus(tenant: Pick<TenantRecord, 'isActive' | 'activationEndDate' | 'isAvailable'>): TenantStatus {
  if (!tenant.isActive) return 'inactive';
  if (!tenant.activationEndDate) return 'active';
  return tenant.isAvailable ? 'activeUntil' : 'expired';
}
