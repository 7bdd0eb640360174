import type { PropertySchema, ResourceSchema } from '../../common/schema/types';
import { columnName, nonNullTypes } from '../../common/schema/naming';

/**
 * A table column a schema property becomes. Columns are nullable in the database: `required` is
 * enforced by the API, and a column added to a table with rows has no value for them yet.
 */
export interface ColumnSpec {
  field: string;
  column: string;
  /** PostgreSQL type as information_schema names it (data_type). */
  sqlType: 'text' | 'uuid' | 'date' | 'timestamp with time zone' | 'integer' | 'double precision' | 'boolean' | 'jsonb';
  index: boolean;
  /** Named in x-resource.list.search: the free-text Filter reads it, through a trigram index. */
  search: boolean;
  unique: false | 'tenant' | 'global';
  default?: unknown;
}

export function sqlTypeOf(property: PropertySchema): ColumnSpec['sqlType'] {
  const [type] = nonNullTypes(property.type);
  switch (type) {
    case 'integer':
      return 'integer';
    case 'number':
      return 'double precision';
    case 'boolean':
      return 'boolean';
    case 'array':
    case 'object':
      return 'jsonb';
    default:
      if (property['x-reference'] || property.format === 'uuid') return 'uuid';
      if (property.format === 'date') return 'date';
      if (property.format === 'date-time') return 'timestamp with time zone';
      return 'text';
  }
}

/** Stored properties (computed ones are not columns). */
export function storedProperties(schema: ResourceSchema): [string, PropertySchema][] {
  return Object.entries(schema.properties).filter(([, p]) => !p['x-computed']);
}

export function columnsOf(schema: ResourceSchema): ColumnSpec[] {
  const filters = new Set(schema['x-resource'].list.filters ?? []);
  const search = new Set(schema['x-resource'].list.search ?? []);
  return storedProperties(schema).map(([field, property]) => ({
    field,
    column: columnName(field),
    sqlType: sqlTypeOf(property),
    index: Boolean(property['x-sortable'] || property['x-filter'] || property['x-reference'] || filters.has(field)),
    search: search.has(field),
    unique: !property['x-unique'] ? false : typeof property['x-unique'] === 'object' && property['x-unique'].scope === 'global' ? 'global' : 'tenant',
    ...(property.default !== undefined ? { default: property.default } : {}),
  }));
}

/** The trigram index of a searchable column, over lower(column) (sync-tables.ts makes it, tests look for it). */
export function searchIndexName(table: string, column: string): string {
  return `${table}_${column}_search`;
}

/**
 * The name of the earlier trigram index over the bare column. pg_trgm 1.6 also answers `=` from
 * such an index, and the planner chose it for equality: an IMEI lookup read every IMEI sharing a
 * trigram (docs/decisions/035-big-tenants-the-list-search.md). Dropped wherever it is found.
 */
export function legacySearchIndexName(table: string, column: string): string {
  return `${table}_${column}_trgm`;
}

export function tableOf(schema: ResourceSchema): string {
  return schema['x-resource'].table ?? schema['x-resource'].name.replace(/-/g, '_');
}

/** System columns every resource table has (see schemas/README.md). */
export const SYSTEM_COLUMNS: { column: string; sqlType: string; definition: string }[] = [
  { column: 'id', sqlType: 'uuid', definition: 'uuid primary key' },
  { column: 'tenant_id', sqlType: 'uuid', definition: 'uuid' },
  { column: 'creation_time', sqlType: 'timestamp with time zone', definition: 'timestamptz not null default now()' },
  { column: 'creator_id', sqlType: 'uuid', definition: 'uuid' },
  { column: 'last_modification_time', sqlType: 'timestamp with time zone', definition: 'timestamptz' },
  { column: 'last_modifier_id', sqlType: 'uuid', definition: 'uuid' },
  { column: 'concurrency_stamp', sqlType: 'text', definition: 'text not null' },
  { column: 'is_deleted', sqlType: 'boolean', definition: 'boolean not null default false' },
  { column: 'deleter_id', sqlType: 'uuid', definition: 'uuid' },
  { column: 'deletion_time', sqlType: 'timestamp with time zone', definition: 'timestamptz' },
];
