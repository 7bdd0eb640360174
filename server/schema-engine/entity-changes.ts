import type { EntityChange } from '../audit/tables';
import type { ResourceModel } from './resource-model';

/** The audit log's entity change of one write (0 created, 1 updated, 2 deleted): each writable field whose value changed. */
export function entityChange(
  model: ResourceModel,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  id: string,
  changeType: EntityChange['changeType'],
): EntityChange {
  return {
    entityType: model.name,
    entityId: id,
    changeType,
    propertyChanges: model.writable
      .filter((f) => JSON.stringify(before?.[f] ?? null) !== JSON.stringify(after?.[f] ?? null))
      .map((f) => ({ propertyName: f, originalValue: before?.[f] ?? null, newValue: after?.[f] ?? null })),
  };
}
