import fs from 'node:fs';
import path from 'node:path';
import type { ResourceSchema } from '../../common/schema/types';
import { SYSTEM_FIELDS } from '../../common/schema/types';
import { sqlTypeOf } from './columns';
import { withEnumLists } from '../../common/schema/enum-lists';

/**
 * Reads every `*.json` in the schemas folder and checks what the engine relies on, so a broken
 * file stops the start with a message that names the file and the problem.
 */
export function loadSchemas(dir: string): ResourceSchema[] {
  if (!fs.existsSync(dir)) return [];
  const schemas = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const full = path.join(dir, file);
      let schema: ResourceSchema;
      try {
        schema = JSON.parse(fs.readFileSync(full, 'utf8')) as ResourceSchema;
      } catch (err) {
        throw new Error(`${full}: not valid JSON (${(err as Error).message})`);
      }
      schema = withEnumLists(schema, full);
      checkSchema(schema, full);
      return schema;
    });
  const names = new Set<string>();
  const endpoints = new Set<string>();
  for (const schema of schemas) {
    const { name, endpoint } = schema['x-resource'];
    if (names.has(name)) throw new Error(`Two schemas name the resource '${name}'`);
    if (endpoints.has(endpoint)) throw new Error(`Two schemas use the endpoint '${endpoint}'`);
    names.add(name);
    endpoints.add(endpoint);
  }
  for (const schema of schemas) {
    for (const [field, property] of Object.entries(schema.properties)) {
      const ref = property['x-reference'] ?? property['x-computed']?.count;
      if (ref && !names.has(ref.resource)) throw new Error(`${schema['x-resource'].name}.${field}: refers to unknown resource '${ref.resource}'`);
    }
  }
  return schemas;
}

const NAME = /^[a-z][a-z0-9-]*$/;
const FIELD = /^[a-z][A-Za-z0-9]*$/;

function checkSchema(schema: ResourceSchema, file: string): void {
  const fail = (msg: string): never => {
    throw new Error(`${file}: ${msg}`);
  };
  const res = schema['x-resource'];
  if (schema.type !== 'object' || !schema.properties) fail('must be an object schema with properties');
  if (!res) fail('x-resource is missing');
  if (!NAME.test(res.name)) fail(`x-resource.name '${res.name}' must be lower-case kebab-case`);
  if (!/^\/api\/[A-Za-z0-9/_-]+$/.test(res.endpoint)) fail(`x-resource.endpoint '${res.endpoint}' must be a path under /api/`);
  if (!res.policy) fail('x-resource.policy is missing');
  if (!['tenant', 'host', 'shared'].includes(res.scope)) fail("x-resource.scope must be 'tenant', 'host' or 'shared'");
  if (!res.list?.columns?.length) fail('x-resource.list.columns is missing');
  const fields = new Set(Object.keys(schema.properties));
  const known = (f: string) => fields.has(f) || (SYSTEM_FIELDS as readonly string[]).includes(f);
  for (const field of fields) {
    if (!FIELD.test(field)) fail(`property '${field}' must be camelCase letters and digits`);
    if ((SYSTEM_FIELDS as readonly string[]).includes(field)) fail(`'${field}' is a system field; do not declare it`);
  }
  for (const f of [...res.list.columns, ...(res.list.search ?? []), ...(res.list.filters ?? []), ...(res.tabs ?? []).flatMap((t) => t.fields)]) {
    if (!known(f)) fail(`'${f}' is used in x-resource but is not a property`);
  }
  // The Filter compares text and each search field gets a trigram index on its column, so only
  // stored text fields can be searched (a date's text form depends on the session's settings).
  for (const f of res.list.search ?? []) {
    const property = schema.properties[f];
    if (!property || property['x-computed'] || sqlTypeOf(property) !== 'text') fail(`search field '${f}' must be a stored text property`);
  }
  if (res.list.sort && !known(res.list.sort.field)) fail(`sort field '${res.list.sort.field}' is not a property`);
  for (const f of res.list.sort?.then ?? []) {
    const property = schema.properties[f];
    if (!property || property['x-computed']) fail(`sort.then field '${f}' must be a stored property`);
  }
  for (const r of schema.required ?? []) if (!fields.has(r)) fail(`required '${r}' is not a property`);
}
