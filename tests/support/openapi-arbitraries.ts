import fc from 'fast-check';

/** The parts of an OpenAPI 3 document the fuzz reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  $ref?: string;
}
export interface Parameter {
  in: 'query' | 'path' | 'header' | 'cookie';
  name: string;
  schema?: JsonSchema;
}
export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}
export type OpenApi = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, JsonSchema> } };

/** What an attacker types: NUL, numbers no column holds, odd unicode, very long text, syntax. */
export const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '%00',
  '99999999999999999999',
  '-99999999999999999999',
  '9223372036854775808',
  '1e308',
  '-1',
  'NaN',
  'Infinity',
  '',
  ' ',
  '\ud800',
  '😀'.repeat(300),
  'x'.repeat(20_000),
  "'; drop table users; --",
  '%',
  '\\',
  '_',
  '../../etc/passwd',
  '00000000-0000-0000-0000-000000000000',
  '2024-13-45T25:61:61Z',
  '0001-01-01',
  '275760-09-13T00:00:00.001Z',
  'true',
  'null',
  '{}',
  '[]',
];
const HOSTILE_VALUES: unknown[] = [null, true, false, 0, -1, 1.5, 2 ** 53 + 2, 1e308, -1e308, 1e20, [], {}, [null], { a: { b: [1] } }];

export const hostileString = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 40 }));
const hostileValue = fc.oneof(hostileString, fc.constantFrom(...HOSTILE_VALUES));

function resolve(schema: JsonSchema | undefined, doc: OpenApi): JsonSchema {
  if (!schema?.$ref) return schema ?? {};
  const name = schema.$ref.split('/').pop() ?? '';
  return doc.components?.schemas?.[name] ?? {};
}

/** A value of the schema's shape, or now and then (and at every depth) something hostile instead. */
export function valueOf(raw: JsonSchema | undefined, doc: OpenApi, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw, doc);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  let good: fc.Arbitrary<unknown>;
  if (schema.enum?.length) good = fc.constantFrom(...schema.enum);
  else if (type === 'object' || schema.properties) {
    const props = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, depth > 3 ? hostileValue : valueOf(v, doc, depth + 1)]));
    good = fc.record(props, { requiredKeys: [] });
  } else if (type === 'array') good = fc.array(depth > 3 ? hostileValue : valueOf(schema.items, doc, depth + 1), { maxLength: 3 });
  else if (type === 'integer') good = fc.integer();
  else if (type === 'number') good = fc.double({ noNaN: true, noDefaultInfinity: true });
  else if (type === 'boolean') good = fc.boolean();
  else if (schema.format === 'uuid') good = fc.uuid();
  else if (schema.format === 'date-time') good = fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  else if (schema.format === 'email') good = fc.emailAddress();
  else if (type === 'string') good = fc.string({ maxLength: 30 });
  else good = hostileValue;
  return fc.oneof({ arbitrary: good, weight: 2 }, { arbitrary: hostileValue, weight: 1 });
}

/** A parameter's text (query and path parameters travel as text). */
export const textOf = (schema: JsonSchema | undefined, doc: OpenApi): fc.Arbitrary<string> =>
  valueOf(schema, doc).map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? ''));

/** ABP's list parameters, sent to every GET whether it declares them or not. */
export const listParameters = fc.record(
  {
    filter: hostileString,
    SkipCount: fc.oneof(hostileString, fc.integer().map(String)),
    MaxResultCount: fc.oneof(hostileString, fc.integer().map(String)),
    Sorting: hostileString,
  },
  { requiredKeys: [] },
);

export interface FuzzRequest {
  method: string;
  path: string;
  query: [string, string][];
  body: unknown;
}

/** A path segment; half a surrogate pair is sent as the bytes it would be (invalid UTF-8). */
function segment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** Requests for one operation of the document. */
export function requestsFor(doc: OpenApi, method: string, path: string, op: Operation): fc.Arbitrary<FuzzRequest> {
  const params = op.parameters ?? [];
  const pathParams = Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, fc.oneof(fc.uuid(), textOf(p.schema, doc))]));
  const queryParams = Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, textOf(p.schema, doc)]));
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const body = bodySchema ? valueOf(bodySchema, doc) : fc.constant(undefined);
  const extra = method === 'GET' ? listParameters : fc.constant({});
  return fc.record({ pathValues: fc.record(pathParams), declared: fc.record(queryParams, { requiredKeys: [] }), extra, body }).map(({ pathValues, declared, extra: more, body: value }) => ({
    method,
    path: path.replace(/\{([^}]+)\}/g, (_, name: string) => segment(String(pathValues[name] ?? ''))),
    query: Object.entries({ ...more, ...declared }).map(([k, v]) => [k, String(v)] as [string, string]),
    body: value,
  }));
}
