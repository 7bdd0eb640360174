import type { Kysely } from 'kysely';
import type { PropertySchema, ResourceSchema } from '../../common/schema/types';
import { columnName } from '../../common/schema/naming';
import { folderOf } from '../localization/texts';
import { columnsOf, tableOf, type ColumnSpec } from './columns';

/**
 * Resource tables are known only at run time (one per schema file), so queries on them use this
 * loosely typed view of the database; every table and column name comes from a checked schema.
 */
export type DynamicDb = Kysely<Record<string, Record<string, unknown>>>;
export type Row = Record<string, unknown>;

/** Everything the engine derives once from a schema. */
export interface ResourceModel {
  schema: ResourceSchema;
  name: string;
  table: string;
  columns: ColumnSpec[];
  columnOf: Map<string, string>;
  /** Fields a client may write (not readOnly, not computed). */
  writable: string[];
  /** Sortable field -> column (x-sortable plus the system times). */
  sortable: Record<string, string>;
}

export const SYSTEM_FIELD_COLUMNS: Record<string, string> = {
  id: 'id',
  tenantId: 'tenant_id',
  creationTime: 'creation_time',
  creatorId: 'creator_id',
  lastModificationTime: 'last_modification_time',
  lastModifierId: 'last_modifier_id',
  concurrencyStamp: 'concurrency_stamp',
};

export function buildModel(schema: ResourceSchema): ResourceModel {
  const columns = columnsOf(schema);
  const writable = Object.entries(schema.properties)
    .filter(([, p]) => !p.readOnly && !p['x-computed'])
    .map(([f]) => f);
  const sortable: Record<string, string> = { creationTime: 'creation_time', lastModificationTime: 'last_modification_time' };
  for (const [field, p] of Object.entries(schema.properties)) if (p['x-sortable'] && !p['x-computed']) sortable[field] = columnName(field);
  return {
    schema,
    name: schema['x-resource'].name,
    table: tableOf(schema),
    columns,
    columnOf: new Map(columns.map((c) => [c.field, c.column])),
    writable,
    sortable,
  };
}

/** A database row as the API's record: camelCase fields, ISO times, system fields. */
export function toRecord(model: ResourceModel, row: Row): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(SYSTEM_FIELD_COLUMNS)) record[field] = normalizeOut(row[column]);
  for (const c of model.columns) record[c.field] = normalizeOut(row[c.column]);
  for (const [field, p] of Object.entries(model.schema.properties)) if (p['x-computed']) record[field] = Number(row[columnName(field)] ?? 0);
  return record;
}

function normalizeOut(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value === undefined ? null : value;
}

/** A record's writable fields as column values (jsonb as JSON text, so arrays stay JSON). */
export function toColumns(model: ResourceModel, record: Record<string, unknown>): Row {
  const row: Row = {};
  for (const c of model.columns) {
    if (!(c.field in record) || !model.writable.includes(c.field)) continue;
    const value = record[c.field];
    row[c.column] = c.sqlType === 'jsonb' && value !== null ? JSON.stringify(value) : value;
  }
  return row;
}

/** The label of a field in a language: the schema's own translation, else its English title. */
export function fieldLabel(schema: ResourceSchema, field: string, lang: string): string {
  const folder = folderOf(lang);
  const property: PropertySchema | undefined = schema.properties[field];
  return schema['x-translations']?.[folder]?.fields?.[field] ?? property?.title ?? field;
}
