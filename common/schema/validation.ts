import type { PropertySchema, ResourceSchema } from './types';

/** What ajv reports (the subset of its ErrorObject both sides read). */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/**
 * One problem with one field, as a translation key of the 'validation' namespace and its values.
 * `field` in the values is filled by the caller with the field's translated label.
 */
export interface FieldProblem {
  member: string;
  key: string;
  values: Record<string, string | number>;
}

const GENERIC: Record<string, string> = {
  required: 'validation:required',
  minItems: 'validation:required',
  maxItems: 'validation:maxValue',
  minLength: 'validation:minLength',
  maxLength: 'validation:maxLength',
  minimum: 'validation:minValue',
  exclusiveMinimum: 'validation:minValue',
  maximum: 'validation:maxValue',
  exclusiveMaximum: 'validation:maxValue',
  additionalProperties: 'validation:unknownField',
  after: 'validation:after',
  unique: 'validation:unique',
};

function memberOf(error: SchemaError): string {
  const path = error.instancePath.replace(/^\//, '').split('/')[0] ?? '';
  if (error.keyword === 'required') return String(error.params.missingProperty ?? path);
  if (error.keyword === 'additionalProperties') return String(error.params.additionalProperty ?? path);
  return path;
}

function keyFor(error: SchemaError, property: PropertySchema | undefined): string {
  const unique = property?.['x-unique'];
  if (error.keyword === 'unique' && typeof unique === 'object' && unique.message) return unique.message;
  return messageKey(error, property?.['x-messages']?.[error.keyword]);
}

/**
 * The 'validation' message key for one ajv error: a custom key when the field names one for the
 * keyword, else the generic one. Used for schema records and every other request body alike.
 */
export function messageKey(error: SchemaError, custom?: string): string {
  if (custom) return custom;
  if (error.keyword === 'type') {
    const expected = String(error.params.type ?? '');
    return expected.includes('number') || expected.includes('integer') ? 'validation:number' : 'validation:invalid';
  }
  if (error.keyword === 'format' && error.params.format === 'email') return 'validation:email';
  return GENERIC[error.keyword] ?? 'validation:invalid';
}

/** A member path as ABP clients expect it: 'roleNames[1]', 'prices[0].price'. */
export function memberPath(error: SchemaError): string {
  const parts = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') parts.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') parts.push(String(error.params.additionalProperty));
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

/** Turns ajv's errors into one problem per field (the first that matters), in schema order. */
export function describeErrors(errors: readonly SchemaError[], schema: ResourceSchema): FieldProblem[] {
  const byMember = new Map<string, FieldProblem>();
  for (const error of errors) {
    const member = memberOf(error);
    if (byMember.has(member)) continue;
    const property = schema.properties[member];
    const limit = error.params.limit ?? error.params.comparison;
    const values: Record<string, string | number> = {};
    if (typeof error.params.limit === 'number') values.count = error.params.limit;
    else if (typeof limit === 'number') values.count = limit;
    if (typeof error.params.other === 'string') values.other = error.params.other;
    byMember.set(member, { member, key: keyFor(error, property), values });
  }
  return [...byMember.values()];
}

/**
 * Rules JSON Schema cannot state, checked the same way on both sides: `x-after` (a date or number
 * that must come after another field of the same record).
 */
export function checkRecordRules(record: Record<string, unknown>, schema: ResourceSchema): SchemaError[] {
  const errors: SchemaError[] = [];
  for (const [field, property] of Object.entries(schema.properties)) {
    const other = property['x-after'];
    const value = record[field];
    const before = other ? record[other] : undefined;
    if (!other || value == null || before == null || value === '' || before === '') continue;
    const a = typeof value === 'number' ? value : Date.parse(String(value));
    const b = typeof before === 'number' ? before : Date.parse(String(before));
    if (!Number.isNaN(a) && !Number.isNaN(b) && a <= b) errors.push({ keyword: 'after', instancePath: `/${field}`, params: { other } });
  }
  return errors;
}
