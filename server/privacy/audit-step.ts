import { sql } from 'kysely';
import type { EntityChange } from '../audit/tables';
import { containing, or, type ErasureStep } from './erasure-steps';
import type { Subject } from './subject';

/** What an anonymised audit value reads. */
export const ERASED_VALUE = '[erased]';

/**
 * The audit trail stays (who did what, when), but not the subject's data in it: entries the
 * subject made lose the user name, address and browser; changes recorded on the subject's records
 * (`entityIds`: the citizen or user, their devices, receivers, zones, places) lose their values.
 */
export function auditStep(subject: Subject, entityIds: readonly string[]): ErasureStep {
  const ids = new Set(entityIds);
  const mentions = [...ids].map((id) => sql<boolean>`entity_changes::text like ${containing(id)}`);
  const where = or(...(subject.type === 'user' ? [sql<boolean>`user_id = ${subject.id}`] : []), ...mentions);
  const select = (db: Parameters<ErasureStep['run']>[0]) =>
    sql<{ id: string; user_id: string | null; entity_changes: EntityChange[] | string }>`select id, user_id, entity_changes from audit_logs where ${where}`.execute(db);
  return {
    kind: 'auditEntries',
    group: 'anonymised',
    count: async (db) => (await select(db)).rows.length,
    run: async (trx) => {
      const { rows } = await select(trx);
      for (const row of rows) {
        const changes = (typeof row.entity_changes === 'string' ? JSON.parse(row.entity_changes) : row.entity_changes) as EntityChange[];
        const cleaned = changes.map((c) =>
          ids.has(c.entityId) ? { ...c, propertyChanges: c.propertyChanges.map((p) => ({ ...p, originalValue: p.originalValue == null ? null : ERASED_VALUE, newValue: p.newValue == null ? null : ERASED_VALUE })) } : c,
        );
        const own = subject.type === 'user' && row.user_id === subject.id;
        await sql`update audit_logs set entity_changes = ${JSON.stringify(cleaned)}::jsonb
                  ${own ? sql`, user_name = null, client_ip_address = null, browser_info = null` : sql``} where id = ${row.id}`.execute(trx);
      }
      return rows.length;
    },
  };
}
