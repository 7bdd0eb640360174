import type { Db } from '../db/database';
import { notificationsOf } from '../db/database';
import type { Principal } from '../http/request-context';
import { isTenantAvailable } from '../multitenancy/tenant-state';
import { grantedPolicies } from './granted';

/** Where the database notifies changes to grants and roles (the triggers of migration 013). */
export const GRANTS_CHANNEL = 'vigil_grants';

type TenantRow = { is_active: boolean; activation_end_date: Date | null; is_deleted: boolean };

/** A safety net: a notification lost while a node's listener reconnects also empties the cache once it is back. */
const MAX_AGE_MS = 30_000;

/**
 * Each node keeps who may do what (a user's policies and their tenant's state) between requests,
 * and forgets all of it when any node changes grants, roles, memberships, users or tenants: a
 * trigger on those tables notifies every node (migration 013). Keeps two queries off every call.
 * A tenant's expiry is checked on every read, so an expiring tenant stops at the second.
 */
export class GrantsCache {
  private policies = new Map<string, { value: Promise<Set<string>>; at: number }>();
  private tenants = new Map<string, { value: Promise<TenantRow | undefined>; at: number }>();
  private stop?: () => Promise<void>;

  constructor(private readonly db: Db) {}

  async start(): Promise<void> {
    this.stop = await notificationsOf(this.db).listen(
      GRANTS_CHANNEL,
      () => this.clear(),
      () => this.clear(),
    );
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.clear();
  }

  clear(): void {
    this.policies.clear();
    this.tenants.clear();
  }

  /** The policies of the principal (uncached until the listener runs). */
  granted(principal: Principal): Promise<Set<string>> {
    if (!this.stop) return grantedPolicies(this.db, principal);
    return this.remember(this.policies, `${principal.tenantId ?? ''}|${principal.userId}`, () => grantedPolicies(this.db, principal));
  }

  async tenantAvailable(tenantId: string | null): Promise<boolean> {
    if (tenantId === null) return true;
    const load = () => this.db.selectFrom('tenants').select(['is_active', 'activation_end_date', 'is_deleted']).where('id', '=', tenantId).executeTakeFirst();
    const tenant = await (this.stop ? this.remember(this.tenants, tenantId, load) : load());
    return Boolean(tenant && isTenantAvailable(tenant));
  }

  private remember<T>(map: Map<string, { value: Promise<T>; at: number }>, key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = map.get(key);
    if (hit && now - hit.at < MAX_AGE_MS) return hit.value;
    const value = load();
    const entry = { value, at: now };
    map.set(key, entry);
    // A failed read is not remembered.
    value.catch(() => map.get(key) === entry && map.delete(key));
    return value;
  }
}
