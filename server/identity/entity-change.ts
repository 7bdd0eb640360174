import type { EntityChange } from '../db/tables';

/** An audit entity change between two plain snapshots (0 created, 1 updated, 2 deleted). */
export function entityChange(
  entityType: string,
  entityId: string,
  changeType: EntityChange['changeType'],
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): EntityChange {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const value = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));
  return {
    entityType,
    entityId,
    changeType,
    propertyChanges: fields
      .filter((f) => JSON.stringify(value(before?.[f])) !== JSON.stringify(value(after?.[f])))
      .map((f) => ({ propertyName: f, originalValue: value(before?.[f]), newValue: value(after?.[f]) })),
  };
}
