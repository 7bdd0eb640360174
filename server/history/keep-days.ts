import { sql, type RawBuilder } from 'kysely';

/**
 * The retention class a tenant's new history is written in: its own, else the host's default.
 * In SQL, so every writer (ingest, alarms, seed) reads the one truth inside its own statement.
 */
export function keepDaysOf(tenantId: RawBuilder<unknown> | string | null): RawBuilder<number> {
  const tenant = typeof tenantId === 'string' || tenantId === null ? sql`${tenantId}::uuid` : tenantId;
  return sql<number>`coalesce((select r.history_days from tenant_retention r where r.tenant_id = ${tenant}), (select h.default_days from retention_host h))`;
}
