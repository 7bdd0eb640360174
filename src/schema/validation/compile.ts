import { Ajv2020 } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { SchemaError } from '../../../common/schema/validation';
import type { ResourceSchema } from '../../../common/schema/types';

/**
 * ajv compiled from the resource schema with the server's options (`allErrors`, not strict, so the
 * `x-` keywords are ignored, plus the standard formats). Its own chunk: loaded with the first form.
 * Draft 2020-12 is what the schema files declare.
 */
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);

export type SchemaCheck = (payload: Record<string, unknown>) => SchemaError[];

const compiled = new WeakMap<ResourceSchema, SchemaCheck>();

export function compileSchema(schema: ResourceSchema): SchemaCheck {
  const known = compiled.get(schema);
  if (known) return known;
  // No $id: the same resource compiled again (another session) must not clash with the first.
  const { $id: _id, ...rest } = schema;
  const validate = ajv.compile(rest);
  const check: SchemaCheck = (payload) => (validate(payload) ? [] : (validate.errors ?? []));
  compiled.set(schema, check);
  return check;
}
