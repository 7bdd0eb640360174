import type { EntityChange } from './tables';

/**
 * An audit entity change between two plain views of a record (DTO fields; null for none): one
 * property change per field whose value differs. `hidden` fields (secrets) are recorded as
 * changed without their values.
 */
export function describeChange(
  entityType: string,
  entityId: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  hidden: readonly string[] = [],
): EntityChange {
  const changeType = before === null ? 0 : after === null ? 2 : 1;
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const plain = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));
  const shown = (field: string, v: unknown) => (hidden.includes(field) && v != null && v !== '' ? '***' : plain(v));
  return {
    entityType,
    entityId,
    changeType,
    propertyChanges: fields
      .filter((f) => JSON.stringify(plain(before?.[f])) !== JSON.stringify(plain(after?.[f])))
      .map((f) => ({ propertyName: f, originalValue: shown(f, before?.[f]), newValue: shown(f, after?.[f]) })),
  };
}
