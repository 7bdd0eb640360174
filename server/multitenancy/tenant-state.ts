import type { Db } from '../db/database';

/**
 * A tenant's activation as ABP SaaS describes it: 0 Active, 1 ActiveWithLimitedTime (until
 * activationEndDate), 2 Passive. Stored as `is_active` plus `activation_end_date`, so the state is
 * derived, never stored twice.
 */
export const ActivationState = { Active: 0, ActiveWithLimitedTime: 1, Passive: 2 } as const;
export type ActivationState = (typeof ActivationState)[keyof typeof ActivationState];

export interface TenantActivation {
  is_active: boolean;
  activation_end_date: Date | null;
  is_deleted?: boolean;
}

export function activationStateOf(tenant: TenantActivation): ActivationState {
  if (!tenant.is_active) return ActivationState.Passive;
  return tenant.activation_end_date ? ActivationState.ActiveWithLimitedTime : ActivationState.Active;
}

/** Whether the tenant's users may sign in and act now: active, not past its end date, not deleted. */
export function isTenantAvailable(tenant: TenantActivation, now = new Date()): boolean {
  if (tenant.is_deleted || !tenant.is_active) return false;
  return !tenant.activation_end_date || new Date(tenant.activation_end_date) > now;
}

/** isTenantAvailable for a tenant id; the host (null) always is. */
export async function tenantIsAvailable(db: Db, tenantId: string | null): Promise<boolean> {
  if (tenantId === null) return true;
  const tenant = await db
    .selectFrom('tenants')
    .select(['is_active', 'activation_end_date', 'is_deleted'])
    .where('id', '=', tenantId)
    .executeTakeFirst();
  return Boolean(tenant && isTenantAvailable(tenant));
}
