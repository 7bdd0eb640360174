import type { PropertySchema, ResourceSchema, Tab } from '../../common/schema/types';
import { fieldKind, RANGE_KINDS, type FieldKind } from './fieldKind';

/** Which properties each screen shows, in schema order. Pure: unit-tested. */

export const isShown = (property: PropertySchema): boolean => !property['x-hidden'];

/** Never written through the API: shown, not editable. */
export const isReadOnly = (property: PropertySchema): boolean => Boolean(property.readOnly || property['x-computed']);

export function isRequired(schema: ResourceSchema, field: string): boolean {
  return (schema.required ?? []).includes(field);
}

export function shownFields(schema: ResourceSchema): string[] {
  return Object.entries(schema.properties)
    .filter(([, property]) => isShown(property))
    .map(([field]) => field);
}

/** Fields of a form: read-only ones show on edit (disabled) but not on create, where they have no value yet. */
export function formFields(schema: ResourceSchema, mode: 'create' | 'edit'): string[] {
  return shownFields(schema).filter((field) => mode === 'edit' || !isReadOnly(schema.properties[field]!));
}

/**
 * The schema's tabs limited to `fields`; fields no tab names join the first tab, so nothing is
 * lost. No tabs (or none left): undefined, one plain layout.
 */
export function tabsFor(schema: ResourceSchema, fields: readonly string[]): Tab[] | undefined {
  const declared = schema['x-resource'].tabs;
  if (!declared?.length) return undefined;
  const wanted = new Set(fields);
  const tabs = declared.map((tab) => ({ name: tab.name, fields: tab.fields.filter((f) => wanted.has(f)) }));
  const placed = new Set(tabs.flatMap((tab) => tab.fields));
  const rest = fields.filter((f) => !placed.has(f));
  if (rest.length) tabs[0] = { name: tabs[0]!.name, fields: [...tabs[0]!.fields, ...rest] };
  const nonEmpty = tabs.filter((tab) => tab.fields.length > 0);
  return nonEmpty.length ? nonEmpty : undefined;
}

export function listColumns(schema: ResourceSchema): string[] {
  return schema['x-resource'].list.columns.filter((field) => {
    const property = schema.properties[field];
    return property !== undefined && isShown(property);
  });
}

export const isSortable = (property: PropertySchema | undefined): boolean => Boolean(property?.['x-sortable']);

/**
 * The default list order: the schema's, else the first sortable column. No sortable field means
 * no `Sorting` at all (react-admin's default 'id' is not a field the server sorts by).
 */
export function defaultSort(schema: ResourceSchema): { field: string; order: 'ASC' | 'DESC' } {
  const given = schema['x-resource'].list.sort;
  if (given) return given;
  const field = listColumns(schema).find((f) => isSortable(schema.properties[f]));
  return { field: field ?? '', order: 'ASC' };
}

export interface FilterSpec {
  field: string;
  kind: FieldKind;
  /** Query names: one for equality, two (`_gte`, `_lte`) for a range. */
  sources: string[];
  /** Named in `list.filters`: shown above the list; other `x-filter` fields are added on demand. */
  pinned: boolean;
}

/** Per-field filters: `list.filters` in their order, then any other `x-filter` property. */
export function filterSpecs(schema: ResourceSchema): FilterSpec[] {
  const named = schema['x-resource'].list.filters ?? [];
  const flagged = Object.entries(schema.properties)
    .filter(([, property]) => property['x-filter'])
    .map(([field]) => field);
  return [...new Set([...named, ...flagged])]
    .filter((field) => schema.properties[field] !== undefined && isShown(schema.properties[field]))
    .map((field) => {
      const kind = fieldKind(schema.properties[field]!);
      return { field, kind, sources: RANGE_KINDS.has(kind) ? [`${field}_gte`, `${field}_lte`] : [field], pinned: named.includes(field) };
    });
}

export const hasSearch = (schema: ResourceSchema): boolean => (schema['x-resource'].list.search ?? []).length > 0;

/** Which generated views exist (`views: { edit: false }` turns one off). */
export function viewEnabled(schema: ResourceSchema, view: 'list' | 'show' | 'edit' | 'create'): boolean {
  return schema['x-resource'].views?.[view] !== false;
}
