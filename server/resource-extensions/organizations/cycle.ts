import { sql } from 'kysely';
import { badRequest } from '../../http/errors';
import { translate } from '../../localization/texts';
import type { DynamicDb, ResourceModel } from '../../schema-engine/resource-model';

/**
 * Whether giving organization `id` the parent `parentId` would put it under itself (directly or
 * through its sub-organizations): walks up from the new parent inside the tenant. Meant for the
 * engine's update of organizations (a per-resource hook before a write; see the module's report).
 */
export async function wouldCycle(db: DynamicDb, model: ResourceModel, tenantId: string | null, id: string, parentId: string | null | undefined): Promise<boolean> {
  if (!parentId) return false;
  if (parentId === id) return true;
  const table = sql.id(model.table);
  const parent = sql.id(model.columnOf.get('parentId')!);
  const found = await sql<{ found: number }>`
    with recursive up(id, parent, depth) as (
      select o.id, o.${parent}, 1 from ${table} o
      where o.id = ${parentId} and not o.is_deleted and o.tenant_id is not distinct from ${tenantId}::uuid
      union all
      select o.id, o.${parent}, up.depth + 1 from ${table} o join up on o.id = up.parent
      where not o.is_deleted and o.tenant_id is not distinct from ${tenantId}::uuid and up.depth < 10000
    )
    select 1 as found from up where up.id = ${id} limit 1`.execute(db);
  return found.rows.length > 0;
}

/** The 400 for such a parent, on the parentId field, in the caller's language. */
export async function assertNoCycle(db: DynamicDb, model: ResourceModel, tenantId: string | null, id: string, parentId: string | null | undefined, lang: string): Promise<void> {
  if (await wouldCycle(db, model, tenantId, id, parentId)) {
    throw badRequest(translate('errors.validation', lang), [{ message: translate('validation:parentCycle', lang), members: ['parentId'] }]);
  }
}
