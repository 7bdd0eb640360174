import { sql, type SelectQueryBuilder } from 'kysely';
import { filterOf, pagingOf, sortingOf } from '../http/paging';
import type { ResourceModel } from './resource-model';
import { searchExpression } from './search-indexes';

type Query = SelectQueryBuilder<Record<string, Record<string, unknown>>, string, Record<string, unknown>>;

const escapeLike = (text: string) => text.replace(/[%_\\]/g, '\\$&');

/** A checked query's value of one type; anything else is as if not sent. */
const numberIn = (value: unknown) => (typeof value === 'number' ? value : undefined);
const textIn = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Applies ABP list parameters to a scoped query, as the route's schema checked them
 * (openapi-schemas.ts checkedListQuery: names as declared, values of their type, anything else
 * refused or dropped before the handler): the free-text `Filter` over the schema's search fields,
 * per-field filters (`field=value`, and `field_gte` / `field_lte` for dates and numbers,
 * `field_isNull=true|false` for optional fields, `id` for several ids), and returns the paging and
 * sorting to use. Values are bound as parameters; only schema-checked names reach the SQL text.
 */
export function applyListParams(model: ResourceModel, base: Query, query: Record<string, unknown>) {
  const paging = pagingOf({ SkipCount: numberIn(query.SkipCount), MaxResultCount: numberIn(query.MaxResultCount) });
  const fallback = model.schema['x-resource'].list.sort;
  const defaultSort = fallback && model.sortable[fallback.field]
    ? { field: model.sortable[fallback.field]!, desc: fallback.order === 'DESC' }
    : { field: 'creation_time', desc: true };
  const sort = sortingOf({ Sorting: textIn(query.Sorting) }, model.sortable, defaultSort);

  let q = base;
  if (Array.isArray(query.id)) q = query.id.length ? q.where('id', 'in', query.id) : q.where(sql<boolean>`false`);

  for (const c of model.columns) {
    const isNull = query[`${c.field}_isNull`];
    if (isNull === true) q = q.where(c.column, 'is', null);
    else if (isNull === false) q = q.where(c.column, 'is not', null);
    for (const [suffix, op] of [['', '='], ['_gte', '>='], ['_lte', '<=']] as const) {
      const value = query[`${c.field}${suffix}`];
      if (value === undefined) continue;
      const values: unknown[] = [value].flat();
      q = values.length > 1 && op === '=' ? q.where(c.column, 'in', values) : q.where(c.column, op, values[0]);
    }
  }
  return { query: withSearch(model, q, filterOf({ Filter: textIn(query.Filter) })), paging, sort };
}

/**
 * What orders rows the list's sort leaves tied, before the id: the schema's `list.sort.then`
 * fields, ascending, an enum by its `enum`'s order rather than by its stored code. Alarm texts
 * use it for an event's languages: the enum is the product's languages in the order the language
 * switcher, /account and the Language field list them (English first), so staff find each
 * language at the same place under every event; by code 'no' would come before 'sv' and 'en'
 * after 'de-DE'. Values are bound as parameters.
 */
export function tieBreaks(model: ResourceModel) {
  return (model.schema['x-resource'].list.sort?.then ?? []).map((field) => {
    const column = sql.ref(`t.${model.columnOf.get(field) ?? field}`);
    const choices = model.schema.properties[field]?.enum?.filter((v): v is string => typeof v === 'string');
    return choices?.length ? sql<number>`array_position(array[${sql.join(choices)}]::text[], ${column}::text)` : column;
  });
}

/**
 * The free-text `Filter`: case-insensitive "contains" over the schema's search fields, which are
 * text columns (load-schemas.ts) compared as lower(column), the expression their trigram indexes
 * hold (search-indexes.ts), so the planner matches them (ILIKE ignores case either way);
 * ILIKE's escape character is the backslash escapeLike puts before `%`, `_` and `\`.
 *
 * The matching rows are picked in a sub-select and the list then reads just those, by ctid, in
 * the same statement and snapshot. Written as one WHERE, the planner may instead walk the sort
 * column's index testing every row, counting on matches spread evenly over it: a name searched
 * in a list sorted by name has them all in one stretch, so in a tenant of a million devices that
 * walk read most of it (3.5 s for a page, against 45 ms; docs/decisions/035-big-tenants-the-list-search.md).
 */
function withSearch(model: ResourceModel, q: Query, text: string | undefined): Query {
  const search = model.schema['x-resource'].list.search ?? [];
  if (!text || !search.length) return q;
  const pattern = `%${escapeLike(text)}%`;
  const matching = q.where((eb) => eb.or(search.map((f) => eb(searchExpression(model.columnOf.get(f) ?? f), 'ilike', pattern)))).select(sql`ctid`.as('ctid'));
  return q.where(sql`ctid`, '=', sql`any(array(${matching}))`);
}
