import { MAX_RESULT_COUNT, PAGED_QUERY } from '../../common/abp-contract';
import type { QueryScalar, QueryValue } from './apiFetch';

/** react-admin list parameters (only what the mapping reads). */
export interface ListParams {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: 'ASC' | 'DESC' | string };
  filter?: Record<string, unknown>;
}

/** react-admin's full-text search filter; ABP names it Filter. */
const SEARCH_KEYS = new Set(['q', 'filter', 'Filter']);

function isScalar(value: unknown): value is QueryScalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date;
}

/**
 * Filter values as query parameters: scalars and arrays of scalars as they are, nested objects
 * (e.g. a range `{ min, max }`) flattened with dots, which ABP binds to complex inputs.
 */
export function filterQuery(filter: Record<string, unknown> | undefined, prefix = ''): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    const name = prefix ? `${prefix}.${key}` : SEARCH_KEYS.has(key) ? PAGED_QUERY.filter : key;
    if (isScalar(value)) query[name] = value;
    else if (Array.isArray(value)) query[name] = value.filter(isScalar);
    else if (typeof value === 'object') Object.assign(query, filterQuery(value as Record<string, unknown>, name));
  }
  return query;
}

/** 'name desc' from react-admin's { field, order }; undefined when there is no field. */
export function sorting(sort: ListParams['sort']): string | undefined {
  if (!sort?.field) return undefined;
  return `${sort.field} ${String(sort.order).toUpperCase() === 'DESC' ? 'desc' : 'asc'}`;
}

/**
 * SkipCount / MaxResultCount / Sorting / Filter plus every other filter, for the first request of
 * the page. MaxResultCount is capped at ABP's 1000 (more is a 400 there): the data provider reads
 * a larger page in several requests.
 */
export function listQuery(params: ListParams): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = filterQuery(params.filter);
  if (params.pagination) {
    const perPage = Math.max(1, Math.floor(params.pagination.perPage));
    const page = Math.max(1, Math.floor(params.pagination.page));
    query[PAGED_QUERY.skipCount] = (page - 1) * perPage;
    query[PAGED_QUERY.maxResultCount] = Math.min(perPage, MAX_RESULT_COUNT);
  }
  const order = sorting(params.sort);
  if (order) query[PAGED_QUERY.sorting] = order;
  return query;
}

/** `{ totalCount, items }`, an unpaged `{ items }`, or a bare array, as react-admin's `{ data, total }`. */
export function listResult<T>(json: unknown): { data: T[]; total: number } {
  if (Array.isArray(json)) return { data: json as T[], total: json.length };
  const body = (json ?? {}) as { items?: unknown; totalCount?: unknown };
  const items = Array.isArray(body.items) ? (body.items as T[]) : [];
  return { data: items, total: typeof body.totalCount === 'number' ? body.totalCount : items.length };
}
