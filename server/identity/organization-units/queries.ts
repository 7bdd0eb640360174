import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { OrganizationUnitsTable } from '../tables';
import { contains } from '../../db/like';
import { columnIs, inScope, UUID, type Scope } from '../../multitenancy/scope';

export type OrganizationUnitRow = Selectable<OrganizationUnitsTable>;

export function unitListQuery(db: Db, scope: Scope, filter?: string) {
  let q = db.selectFrom('organization_units as ou').where(inScope('ou.tenant_id', scope));
  if (filter) q = q.where('ou.display_name', 'ilike', contains(filter));
  return q;
}

export async function findScopedUnit(db: Db, scope: Scope, id: string): Promise<OrganizationUnitRow | undefined> {
  if (!UUID.test(id)) return undefined;
  return db.selectFrom('organization_units').selectAll().where('id', '=', id).where(inScope('tenant_id', scope)).executeTakeFirst();
}

/** Whether a sibling (same parent, same tenant) already has the display name. */
export async function siblingNamed(db: Db, tenantId: string | null, parentId: string | null, displayName: string, exceptId: string | null): Promise<boolean> {
  const row = await db
    .selectFrom('organization_units')
    .select('id')
    .where(inScope('tenant_id', { tenantId, all: false }))
    .where(columnIs('parent_id', parentId))
    .where((eb) => eb(eb.fn('lower', ['display_name']), '=', displayName.toLowerCase()))
    .$if(exceptId !== null, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst();
  return Boolean(row);
}

/** Role ids of each unit. */
export async function unitRoles(db: Db, unitIds: readonly string[]): Promise<Map<string, string[]>> {
  const map = new Map(unitIds.map((id) => [id, [] as string[]]));
  if (unitIds.length === 0) return map;
  const rows = await db.selectFrom('organization_unit_roles').select(['organization_unit_id', 'role_id']).where('organization_unit_id', 'in', unitIds).execute();
  for (const row of rows) map.get(row.organization_unit_id)?.push(row.role_id);
  return map;
}

/** ABP's OrganizationUnitWithDetailsDto. */
export function unitDto(unit: OrganizationUnitRow, roleIds: string[]) {
  return {
    id: unit.id,
    tenantId: unit.tenant_id,
    parentId: unit.parent_id,
    code: unit.code,
    displayName: unit.display_name,
    roles: roleIds.map((roleId) => ({ organizationUnitId: unit.id, roleId })),
    concurrencyStamp: unit.concurrency_stamp,
    creationTime: unit.creation_time,
    extraProperties: {},
  };
}

export const UNIT_SORTING = { displayName: 'ou.display_name', code: 'ou.code', creationTime: 'ou.creation_time' } as const;
