import type { FastifySchema } from 'fastify';
import { createAjv } from '../../common/schema/ajv';
import { ABP_ERROR_RESPONSE } from './errors';
import { MAX_RESULT_COUNT, MAX_SKIP_COUNT } from './paging';

/**
 * Route schema pieces every module shares. Routes declare what they take and answer with these;
 * the refusals every route gives are added by declareCommonRefusals (server/web/openapi.ts).
 */

/** The project's ajv: no type coercion, no defaults, so checking a request never changes it. */
const describing = createAjv();

/**
 * Route options of a route whose handler checks its query and body itself, with messages in the
 * caller's language: Fastify's result is only attached, and it is reached with the project's ajv,
 * not Fastify's, whose coercion would turn `"5"` into 5 or `"true"` into true before the handler,
 * which would then accept what it refuses (or ignore a filter it reads as text).
 */
export const HAND_CHECKED = {
  attachValidation: true,
  validatorCompiler: ({ schema }: { schema: FastifySchema }) => describing.compile(schema),
} as const;

export const UUID_STRING = { type: 'string', format: 'uuid' } as const;
export const NULLABLE_UUID = { type: ['string', 'null'], format: 'uuid' } as const;
export const NULLABLE_STRING = { type: ['string', 'null'] } as const;
export const NULLABLE_NUMBER = { type: ['number', 'null'] } as const;
/** Times are answered as ISO 8601 strings. */
export const TIME = { type: 'string', format: 'date-time' } as const;
export const NULLABLE_TIME = { type: ['string', 'null'], format: 'date-time' } as const;

/** A route answering 204 without a body. */
export const NO_CONTENT = { 204: { type: 'null', description: 'Done; no content' } } as const;
/** Someone saved first (a stale concurrencyStamp), or a unique value is taken. */
export const CONFLICT = { 409: ABP_ERROR_RESPONSE } as const;
/** A record named in the query or body that the caller may not see (path parameters get theirs already). */
export const NOT_FOUND = { 404: ABP_ERROR_RESPONSE } as const;

/** ABP's paging as paging.ts reads it (camelCase is taken too). */
export const PAGING_PROPERTIES = {
  SkipCount: { type: 'integer', minimum: 0, maximum: MAX_SKIP_COUNT, description: 'Records to skip (default 0)' },
  MaxResultCount: { type: 'integer', minimum: 1, maximum: MAX_RESULT_COUNT, description: 'Records to answer (default 10)' },
} as const;

/** ABP's PagedResultDto of `item`. */
export function pagedResult(item: object) {
  return { type: 'object', properties: { totalCount: { type: 'integer', minimum: 0 }, items: { type: 'array', items: item } }, required: ['totalCount', 'items'] } as const;
}

/** ABP's ListResultDto of `item`. */
export function listResult(item: object) {
  return { type: 'object', properties: { items: { type: 'array', items: item } }, required: ['items'] } as const;
}
