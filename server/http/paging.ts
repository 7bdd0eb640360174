import { badRequest } from './errors';
import { translate } from '../localization/texts';

/** ABP paging: SkipCount (0 to MAX_SKIP_COUNT) and MaxResultCount (default 10, at most 1000), camel or Pascal case. */
export const MAX_RESULT_COUNT = 1000;
/** The largest SkipCount (PostgreSQL's integer): a larger one is a 400, not a statement the database refuses. */
export const MAX_SKIP_COUNT = 2_147_483_647;
export const DEFAULT_RESULT_COUNT = 10;

export interface Paging {
  skip: number;
  take: number;
}

/**
 * readPaging, readSorting and queryParam read a list query as sent: the schema engine's own list
 * route (schema-engine/crud-routes.ts) reads its query so, through list-query.ts applyListParams.
 * Routes whose schema checks the query (route-schemas.ts) use pagingOf and sortingOf.
 */

/** Reads a query parameter given camelCase or PascalCase (`skipCount` or `SkipCount`). */
export function queryParam(query: Record<string, unknown>, name: string): unknown {
  const pascal = name[0]!.toUpperCase() + name.slice(1);
  return query[name] ?? query[pascal];
}

function integer(value: unknown): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : Number.NaN;
}

export function readPaging(query: Record<string, unknown>, lang: string): Paging {
  const skip = integer(queryParam(query, 'skipCount')) ?? 0;
  const take = integer(queryParam(query, 'maxResultCount')) ?? DEFAULT_RESULT_COUNT;
  const errors = [];
  if (!(skip >= 0)) errors.push({ message: translate('validation:minValue', lang, { count: 0 }), members: ['skipCount'] });
  else if (skip > MAX_SKIP_COUNT) errors.push({ message: translate('validation:maxValue', lang, { count: MAX_SKIP_COUNT }), members: ['skipCount'] });
  if (!(take >= 1 && take <= MAX_RESULT_COUNT))
    errors.push({ message: translate('validation:maxValue', lang, { count: MAX_RESULT_COUNT }), members: ['maxResultCount'] });
  if (errors.length) throw badRequest(translate('errors.validation', lang), errors);
  return { skip, take };
}

/** `Sorting` as "field" or "field desc", checked against the sortable fields (never raw SQL). */
export function readSorting<F extends string>(query: Record<string, unknown>, sortable: Record<string, F>, fallback: { field: F; desc: boolean }, lang: string) {
  const raw = queryParam(query, 'sorting');
  if (raw === undefined || raw === '') return fallback;
  const match = typeof raw === 'string' ? /^\s*([A-Za-z][A-Za-z0-9]*)(?:\s+(asc|desc))?\s*$/i.exec(raw) : null;
  // Own keys only: 'toString' and the like are not sortable fields.
  const own = (name: string) => (Object.hasOwn(sortable, name) ? sortable[name] : undefined);
  const field = match ? own(match[1]!) ?? own(match[1]![0]!.toLowerCase() + match[1]!.slice(1)) : undefined;
  if (!match || !field) throw badRequest(translate('errors.validation', lang), [{ message: translate('validation:invalid', lang, { field: 'Sorting' }), members: ['sorting'] }]);
  return { field, desc: (match[2] ?? 'asc').toLowerCase() === 'desc' };
}

/** The paging of a query its route's schema checked (PAGING_PROPERTIES in route-schemas.ts). */
export function pagingOf(query: { SkipCount?: number; MaxResultCount?: number }): Paging {
  return { skip: query.SkipCount ?? 0, take: query.MaxResultCount ?? DEFAULT_RESULT_COUNT };
}

/**
 * The column and direction of a query's `Sorting` its route's schema checked (sortingProperties in
 * route-schemas.ts: one of the sortable fields, in either initial case); the fallback without one.
 */
export function sortingOf<F extends string>(query: { Sorting?: string }, sortable: Record<string, F>, fallback: { field: F; desc: boolean }) {
  const [name = '', direction = 'asc'] = (query.Sorting ?? '').trim().split(/\s+/);
  const own = (key: string) => (Object.hasOwn(sortable, key) ? sortable[key] : undefined);
  const field = own(name) ?? own(name.charAt(0).toLowerCase() + name.slice(1)) ?? own(name.charAt(0).toUpperCase() + name.slice(1));
  return field ? { field, desc: direction.toLowerCase() === 'desc' } : fallback;
}

/** The free-text filter of a checked query (FILTER_PROPERTIES), trimmed; none when blank. */
export const filterOf = (query: { Filter?: string }): string | undefined => query.Filter?.trim() || undefined;
