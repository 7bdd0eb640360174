import type { FastifyInstance } from 'fastify';
import { createAjv } from '../../common/schema/ajv';
import type { FieldLabel } from './validation-errors';
import { isRecord } from '../../common/is-record';
import { compileWhenUsed } from './deferred-compile';

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


/**
 * ABP's query names are case-insensitive (ASP.NET model binding): a parameter sent in another
 * case than the schema declares (`skipCount` for `SkipCount`) is renamed to the declared one. An
 * empty value is as if not sent (`?Filter=` lists everything, `?SkipCount=` is the default).
 */
function normaliseQuery(query: Record<string, unknown>, properties: Record<string, unknown>): void {
  const byLowerCase = new Map(Object.keys(properties).map((name) => [name.toLowerCase(), name]));
  for (const [name, value] of Object.entries(query)) {
    if (value === '') {
      delete query[name];
      continue;
    }
    const own = byLowerCase.get(name.toLowerCase());
    if (own === undefined || own === name) continue;
    delete query[name];
    if (!(own in query)) query[own] = value;
  }
}

/** The words a URL value of this schema may be: a boolean's, or an enumeration's. */
const wordsOf = (property: Record<string, unknown>): unknown[] => (property.type === 'boolean' ? ['true', 'false'] : Array.isArray(property.enum) ? property.enum : []);

/**
 * A URL's booleans and enumerated words are read in any case, as ASP.NET binds them (.NET clients
 * write True and False): `True` is `true`, `XLSX` is the declared `xlsx`; so is each value of a
 * parameter that takes several (a list's `published=True`).
 */
function matchCase(values: Record<string, unknown>, properties: Record<string, unknown>): void {
  for (const [name, property] of Object.entries(properties)) {
    const value = values[name];
    if (!isRecord(property) || value === undefined) continue;
    const words = wordsOf(property.type === 'array' && isRecord(property.items) ? property.items : property);
    const match = (v: unknown) => (typeof v === 'string' ? words.find((w) => typeof w === 'string' && w.toLowerCase() === v.toLowerCase()) ?? v : v);
    if (words.length) values[name] = Array.isArray(value) ? value.map(match) : match(value);
  }
}

/** The declared properties of a request part's schema. */
const propertiesOf = (schema: unknown): Record<string, unknown> => (isRecord(schema) && isRecord(schema.properties) ? schema.properties : {});

/** A JSON object body left out is an empty one, so its required members are each named. */
function bodyIsObject(schema: unknown): boolean {
  return isRecord(schema) && schema.type === 'object';
}

/** A URL part's check (query string, path): its text coerced, undeclared query parameters dropped. */
export const compileUrlPart = (schema: object) => urlParts.compile(schema);

export function installRouteValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => compileWhenUsed(app, () => (httpPart === 'querystring' || httpPart === 'params' ? compileUrlPart(schema) : body.compile(schema))));
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema;
    if (!schema) return;
    const { query, params } = request;
    if (schema.querystring && isRecord(query)) {
      normaliseQuery(query, propertiesOf(schema.querystring));
      matchCase(query, propertiesOf(schema.querystring));
    }
    if (schema.params && isRecord(params)) matchCase(params, propertiesOf(schema.params));
    if (request.body === undefined && bodyIsObject(schema.body)) request.body = {};
  });
}
