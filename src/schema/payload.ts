import { isNullable, nonNullTypes } from '../../common/schema/naming';
import type { PropertySchema, ResourceSchema } from '../../common/schema/types';
import { isReadOnly } from './fields';
import { isRecord } from '../../common/is-record';

/**
 * The body of a create or update: only the schema's writable properties (the server answers 400
 * for unknown fields), plus `concurrencyStamp`. Dropped: id, tenantId, audit fields, readOnly and
 * x-computed properties, and anything else a record carries. An empty value becomes null where
 * the type allows null and is left out otherwise, so a required field left empty fails
 * `required`, as on the server. Pure: the browser validates exactly what it sends.
 */
export function toPayload(values: Record<string, unknown>, schema: ResourceSchema): Record<string, unknown> {
  const body = cleanObject(values, schema.properties);
  if (typeof values.concurrencyStamp === 'string') body.concurrencyStamp = values.concurrencyStamp;
  return body;
}

function cleanObject(values: Record<string, unknown>, properties: Record<string, PropertySchema>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, property] of Object.entries(properties)) {
    if (isReadOnly(property) || !(field in values)) continue;
    const value = cleanValue(values[field], property);
    if (value !== undefined) body[field] = value;
  }
  return body;
}

function cleanValue(value: unknown, property: PropertySchema): unknown {
  if (value === undefined) return undefined;
  if (value === null || value === '') return isNullable(property.type) ? null : undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : serialiseDate(value, property);
  const [type] = nonNullTypes(property.type);
  if (type === 'object' && property.properties && isRecord(value)) return cleanObject(value, property.properties);
  if (type === 'array' && Array.isArray(value)) {
    const items = property.items;
    return value.map((item) => (items ? cleanValue(item, items) : item)).filter((item) => item !== undefined);
  }
  if ((type === 'integer' || type === 'number') && typeof value === 'string') {
    const number = Number(value);
    return value.trim() !== '' && !Number.isNaN(number) ? number : value;
  }
  return value;
}

/** A date input may hand over a Date: the API wants 'YYYY-MM-DD' for dates and ISO 8601 otherwise. */
function serialiseDate(value: Date, property: PropertySchema): string {
  if (property.format === 'date' || property['x-widget'] === 'date') {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  return value.toISOString();
}

