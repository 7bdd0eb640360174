import RandExp from 'randexp';
import type { PropertySchema, ResourceSchema } from '../../common/schema/types';
import { nonNullTypes } from '../../common/schema/naming';

let counter = 0;

/** A value the property accepts, unique enough for unique fields; references are left to the caller. */
export function sampleValue(property: PropertySchema, field: string): unknown {
  counter += 1;
  if (property.enum?.length) return property.enum.find((v) => v !== null);
  const [type] = nonNullTypes(property.type);
  switch (type) {
    case 'integer':
    case 'number': {
      const min = property.minimum ?? (property.exclusiveMinimum !== undefined ? property.exclusiveMinimum + 1 : 0);
      const max = property.maximum ?? (property.exclusiveMaximum !== undefined ? property.exclusiveMaximum - 1 : min + 1000);
      return Math.min(max, Math.max(min, Math.floor((min + max) / 2)));
    }
    case 'boolean':
      return true;
    case 'array':
      return property.items ? [sampleValue(property.items, field)] : [];
    case 'object':
      return {};
  }
  if (property.format === 'date') return `2026-0${(counter % 9) + 1}-1${counter % 10}`;
  if (property.format === 'date-time') return new Date(Date.UTC(2026, 0, 1, 8, counter % 60)).toISOString();
  if (property.format === 'email') return `person${counter}@example.com`;
  if (property.format === 'uri') return `https://example.com/${counter}`;
  let value: string;
  if (property.pattern) {
    const gen = new RandExp(property.pattern);
    gen.max = 3;
    value = gen.gen();
    // A unique field gets the counter too where the pattern allows it: four random characters collide.
    const numbered = `${value}${counter}`;
    if (property['x-unique'] && new RegExp(property.pattern).test(numbered) && numbered.length <= (property.maxLength ?? Infinity)) value = numbered;
  } else {
    value = `${field} ${counter}`;
  }
  const min = property.minLength ?? 0;
  if (value.length < min) value = value.padEnd(min, 'x');
  if (property.maxLength !== undefined && value.length > property.maxLength) value = value.slice(0, property.maxLength);
  return value;
}

/** A complete valid record body for a schema, given ids for its references. */
export function sampleRecord(schema: ResourceSchema, references: (resource: string) => string | null): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [field, property] of Object.entries(schema.properties)) {
    if (property.readOnly || property['x-computed']) continue;
    const ref = property['x-reference'];
    if (ref) {
      const id = references(ref.resource);
      if (id) record[field] = id;
      continue;
    }
    record[field] = sampleValue(property, field);
  }
  // x-after: push the later value past the earlier one.
  for (const [field, property] of Object.entries(schema.properties)) {
    const other = property['x-after'];
    if (!other || record[field] == null || record[other] == null) continue;
    if (typeof record[other] === 'number') record[field] = (record[other] as number) + 1;
    else record[field] = property.format === 'date' ? '2099-12-31' : '2099-12-31T00:00:00.000Z';
  }
  return record;
}
