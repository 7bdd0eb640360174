import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createAjv } from '../../common/schema/ajv';
import type { FieldLabel } from './validation-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The translated label of a refused member, for the route's validation messages (default: its field name). */
    fieldLabel?: FieldLabel;
  }
}

/**
 * A route's schema is its one check of the request; the refusal is the ABP 400 (or 404) made in
 * errors.ts. Validation uses the project's ajv set-up (common/schema/ajv.ts, verbose so a message
 * can be found on the failed schema), deliberately per request part:
 * - a JSON body is never coerced nor trimmed: `"5"` is not 5 and `"true"` is not true;
 * - the query string and path are text by nature, so their values are coerced to the declared
 *   type (`?MaxResultCount=5` is 5; `abc` or `1.5` stays a 400), and a query parameter the schema
 *   does not declare is dropped where the schema closes the object (`additionalProperties: false`,
 *   as `querySchema` does), so a handler reads only what was checked (`__tenant` is read by the
 *   tenant resolution before this).
 */
const urlParts = createAjv({ coerceTypes: 'array', removeAdditional: true, verbose: true });
const body = createAjv({ verbose: true });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * ABP's query names are case-insensitive (ASP.NET model binding): a parameter sent in another
 * case than the schema declares (`skipCount` for `SkipCount`) is renamed to the declared one. An
 * empty value is as if not sent (`?Filter=` lists everything, `?SkipCount=` is the default); a
 * boolean is taken in any case (.NET clients write True and False).
 */
function normaliseQuery(request: FastifyRequest, schema: unknown): void {
  const query = request.query;
  if (!isRecord(query)) return;
  const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
  const declared = Object.keys(properties);
  const byLowerCase = new Map(declared.map((name) => [name.toLowerCase(), name]));
  const booleans = new Set(declared.filter((name) => { const property = properties[name]; return isRecord(property) && property.type === 'boolean'; }));
  for (const [name, value] of Object.entries(query)) {
    if (value === '') {
      delete query[name];
      continue;
    }
    const own = byLowerCase.get(name.toLowerCase());
    if (own === undefined) continue;
    // .NET clients write booleans as True and False.
    const text = booleans.has(own) && typeof value === 'string' ? value.toLowerCase() : value;
    if (own !== name) delete query[name];
    if (own === name || !(own in query)) query[own] = text;
  }
}

/** A JSON object body left out is an empty one, so its required members are each named. */
function bodyIsObject(schema: unknown): boolean {
  return isRecord(schema) && schema.type === 'object';
}

export function installRouteValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'querystring' || httpPart === 'params' ? urlParts : body).compile(schema));
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema;
    if (!schema) return;
    if (schema.querystring) normaliseQuery(request, schema.querystring);
    if (request.body === undefined && bodyIsObject(schema.body)) request.body = {};
  });
}
