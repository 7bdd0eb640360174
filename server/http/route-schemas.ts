import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyTypeProvider, RawServerDefault } from 'fastify';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { ABP_ERROR_RESPONSE } from './errors';
import { MAX_RESULT_COUNT, MAX_SKIP_COUNT } from './paging';
import { UUID_PATTERN } from './uuid';

/**
 * Route schema pieces every module shares. A route's schema is its one check of the request and
 * the type of what its handler reads; the refusals every route gives are added by
 * declareCommonRefusals (server/web/openapi.ts).
 *
 * How a module's routes use their schemas:
 * 1. Take `app: Api` (not FastifyInstance) in the module's route plugins (a plugin that must keep
 *    FastifyInstance uses `app.withTypeProvider<RequestTypes>()`): `request.params`, `query` and
 *    `body` are then typed from the route's schema (json-schema-to-ts), so write no route generic
 *    (`app.get<{ Params }>`) and no `request.query as ...`.
 * 2. Give every part its schema, `as const`, closed: `pathParams({ id: RECORD_ID })`,
 *    `querySchema({ ...PAGING_PROPERTIES, ... })` or `listQuery(SORTABLE, { ...filters })`, and a
 *    body with `additionalProperties: false`. Reading a member not declared is then a type error.
 * 3. Write no check of the shape in the handler: a request the
 *    schema refuses never reaches the handler; it is answered with ABP's 400 in the caller's language by errors.ts (http/validation-errors.ts), one message per
 *    member. A message of its own for a keyword goes on the property: `'x-messages': { pattern:
 *    'validation:phoneDigits' }`; translated field labels come from the route's
 *    `config.fieldLabel`. Checks the schema cannot state (a name taken, a record that must exist,
 *    a currency prices are kept in) stay in the handler and answer with `invalid(lang, problems)`
 *    (http/body-validation.ts). A body sent as a CSV file or as JSON is `csvOrJson(json)`
 *    (http/resource-route-schemas.ts). A route whose caller cannot read ABP's JSON (a watch's
 *    OsmAnd message) takes `attachValidation: true` and answers `request.validationError` itself.
 * 4. Query and path values arrive as text and are coerced to the declared type (integers,
 *    booleans); bodies are never coerced (http/route-validation.ts).
 * 5. Paging and sorting: `pagingOf(request.query)` and `sortingOf(request.query, SORTABLE, fallback)`
 *    (http/paging.ts) read the checked values.
 */

/**
 * The type provider for what a route reads: params, query and body are typed from their schemas
 * by json-schema-to-ts. Answers stay untyped: handlers answer Dates where a schema says
 * date-time (the serializer writes ISO 8601), and the response schemas serialise and describe.
 */
export interface RequestTypes extends FastifyTypeProvider {
  validator: this['schema'] extends JSONSchema ? FromSchema<this['schema']> : unknown;
  serializer: unknown;
}

/** The value a schema lets through: the type of a checked body handed to a helper. */
export type Checked<S extends JSONSchema> = FromSchema<S>;

/** A module's Fastify instance with its route schemas as the types of the requests. */
export type Api = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, RequestTypes>;

/** A UUID: the one pattern (http/uuid.ts) checks it; the format says what it is in the API description. */
export const UUID_STRING = { type: 'string', format: 'uuid', pattern: UUID_PATTERN } as const;
export const NULLABLE_UUID = { type: ['string', 'null'], format: 'uuid', pattern: UUID_PATTERN } as const;
/** A record's id in the path: a malformed one names no record, so it is a 404 like an unknown one. */
export const RECORD_ID = { ...UUID_STRING, 'x-malformed': 'not-found' } as const;
export const NULLABLE_STRING = { type: ['string', 'null'] } as const;
export const NULLABLE_NUMBER = { type: ['number', 'null'] } as const;
/** Times are answered as ISO 8601 strings. */
export const TIME = { type: 'string', format: 'date-time' } as const;
export const NULLABLE_TIME = { type: ['string', 'null'], format: 'date-time' } as const;
/** A time a list is filtered by: an ISO 8601 time or a date (its midnight, UTC). */
export const TIME_FILTER = { type: 'string', anyOf: [{ format: 'date-time' }, { format: 'date' }], description: 'An ISO 8601 time or date' } as const;
/** A text a list is filtered by. */
export const TEXT_FILTER = { type: 'string', maxLength: 256 } as const;
/** An integer a list is filtered by, within PostgreSQL's integer: a larger one is refused naming its parameter, not by the database. */
export const INTEGER_FILTER = { type: 'integer', minimum: -2_147_483_648, maximum: 2_147_483_647 } as const;

/** A route answering 204 without a body: spread into `response`. */
export const NO_CONTENT = { 204: { type: 'null', description: 'Done; no content' } } as const;
/** Someone saved first (a stale concurrencyStamp), or a unique value is taken. */
export const CONFLICT = { 409: ABP_ERROR_RESPONSE } as const;
/** A record named in the query or body that the caller may not see (path parameters get theirs already). */
export const NOT_FOUND = { 404: ABP_ERROR_RESPONSE } as const;

/** Path parameters, all required; the object is closed so only these are read. */
export function pathParams<const P extends Record<string, object>>(properties: P) {
  return { type: 'object', properties, required: Object.keys(properties) as (keyof P & string)[], additionalProperties: false } as const;
}

/** `{ id }`: a record's id in the path. */
export const ID_PARAMS = pathParams({ id: RECORD_ID });

/** A query string: these parameters only (others are dropped before the handler, see route-validation.ts), the required ones named. */
export function querySchema<const P extends Record<string, object>, const R extends readonly (keyof P & string)[] = []>(properties: P, required?: R) {
  return { type: 'object', properties, required: required ?? [], additionalProperties: false } as const;
}

/** ABP's paging as http/paging.ts pagingOf reads it (any case is taken: `skipCount` too). */
export const PAGING_PROPERTIES = {
  SkipCount: { type: 'integer', minimum: 0, maximum: MAX_SKIP_COUNT, description: 'Records to skip (default 0)' },
  MaxResultCount: { type: 'integer', minimum: 1, maximum: MAX_RESULT_COUNT, description: 'Records to answer (default 10)' },
} as const;

/** ABP's free-text filter. */
export const FILTER_PROPERTIES = { Filter: { type: 'string', maxLength: 256, description: 'Text searched for' } } as const;

/** Initial letters of either case: ABP's clients send `Name` or `name`. */
const eitherCase = (name: string) => `[${name.charAt(0).toLowerCase()}${name.charAt(0).toUpperCase()}]${name.slice(1).replace(/[^A-Za-z0-9]/g, '')}`;

/**
 * `Sorting` as "field" or "field desc", one of the sortable fields (their own names, never raw
 * SQL): the schema refuses any other; http/paging.ts sortingOf maps it to a column.
 */
export function sortingProperties(sortable: Record<string, unknown>) {
  const fields = Object.keys(sortable).map(eitherCase).join('|');
  return {
    Sorting: { type: 'string', pattern: `^\\s*(?:${fields})(?:\\s+(?:[aA][sS][cC]|[dD][eE][sS][cC]))?\\s*$`, description: `One of ${Object.keys(sortable).join(', ')}, then "asc" or "desc"` },
  } as const;
}

/** A list's query: paging, sorting over the sortable fields, the free-text filter and further filters. */
export function listQuery<const F extends Record<string, object>>(sortable: Record<string, unknown>, filters: F) {
  return querySchema({ ...PAGING_PROPERTIES, ...sortingProperties(sortable), ...FILTER_PROPERTIES, ...filters });
}

/** A boolean query filter: `true` or `false` in any case (the query string's text is coerced). */
export const BOOLEAN_FILTER = { type: 'boolean' } as const;

/** ABP's PagedResultDto of `item`. */
export function pagedResult<I extends object>(item: I) {
  return { type: 'object', properties: { totalCount: { type: 'integer', minimum: 0 }, items: { type: 'array', items: item } }, required: ['totalCount', 'items'] } as const;
}

/** ABP's ListResultDto of `item`. */
export function listResult<I extends object>(item: I) {
  return { type: 'object', properties: { items: { type: 'array', items: item } }, required: ['items'] } as const;
}
