import { createAjv } from '../../../common/schema/ajv';
import type { SchemaError } from '../../../common/schema/validation';
import type { ResourceSchema } from '../../../common/schema/types';
import { isReadOnly } from '../fields';

/**
 * ajv compiled from the resource schema with the server's own set-up (common/schema/ajv.ts), so a
 * rule is the same rule in the form and on the server. Its own chunk: loaded with the first form.
 */
const ajv = createAjv();

export type SchemaCheck = (payload: Record<string, unknown>) => SchemaError[];

const compiled = new WeakMap<ResourceSchema, SchemaCheck>();

/**
 * What a create or update body must satisfy, as the server checks it: the writable properties,
 * those of them that are required, nothing else. (No $id, so compiling another session's copy of
 * the same resource does not clash.)
 */
export function bodySchema(schema: ResourceSchema): Record<string, unknown> {
  const writable = Object.entries(schema.properties).filter(([, property]) => !isReadOnly(property));
  const names = new Set(writable.map(([field]) => field));
  return {
    type: 'object',
    properties: Object.fromEntries(writable),
    required: (schema.required ?? []).filter((field) => names.has(field)),
    additionalProperties: schema.additionalProperties ?? false,
  };
}

export function compileSchema(schema: ResourceSchema): SchemaCheck {
  const known = compiled.get(schema);
  if (known) return known;
  const validate = ajv.compile(bodySchema(schema));
  const check: SchemaCheck = ({ concurrencyStamp: _stamp, ...payload }) => (validate(payload) ? [] : (validate.errors ?? []));
  compiled.set(schema, check);
  return check;
}
