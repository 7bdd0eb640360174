import { defaultSort, isSortable } from './fields';
import { schemaOf } from './registry';

/** Lookups ask for 25 records unless the schema says otherwise (SPEC: 100 for command templates, 1000 for organizations). */
export const DEFAULT_LOOKUP_LIMIT = 25;

/**
 * A reference lookup's order: by the display field when the server sorts by it, else the
 * referenced list's own default. Never react-admin's default 'id', which the server refuses.
 */
export function lookupOrderFor(resource: string, display: string): { field: string; order: 'ASC' | 'DESC' } {
  const schema = schemaOf(resource);
  if (!schema) return { field: '', order: 'ASC' };
  return isSortable(schema.properties[display]) ? { field: display, order: 'ASC' } : defaultSort(schema);
}
