import { sql, type SelectQueryBuilder } from 'kysely';
import { nonNullTypes } from '../../common/schema/naming';
import { badRequest } from '../http/errors';
import { queryParam, readPaging, readSorting } from '../http/paging';
import { translate } from '../localization/texts';
import type { ResourceModel } from './resource-model';
import { searchExpression } from './search-indexes';

type Query = SelectQueryBuilder<Record<string, Record<string, unknown>>, string, Record<string, unknown>>;

const escapeLike = (text: string) => text.replace(/[%_\\]/g, '\\$&');

/**
 * Applies ABP list parameters to a scoped query (as sent, or as checkedListQuery checked them): the free-text `Filter` over the schema's search
 * fields, per-field filters (`field=value`, and `field_gte` / `field_lte` for dates and numbers,
 * `field_isNull=true|false` for optional fields, `id` for several ids), and returns the paging and sorting to use. Values are bound as
 * parameters; only schema-checked names reach the SQL text.
 */
export function applyListParams(model: ResourceModel, base: Query, query: Record<string, unknown>, lang: string) {
  const paging = readPaging(query, lang);
  const fallback = model.schema['x-resource'].list.sort;
  const defaultSort = fallback && model.sortable[fallback.field]
    ? { field: model.sortable[fallback.field]!, desc: fallback.order === 'DESC' }
    : { field: 'creation_time', desc: true };
  const sort = readSorting(query, model.sortable, defaultSort, lang);

  let q = base;
  const ids = query.id ?? query.Id;
  if (ids !== undefined) {
    const list = [ids].flat().map(String).filter((v) => /^[0-9a-f-]{36}$/i.test(v));
    q = list.length ? q.where('id', 'in', list) : q.where(sql<boolean>`false`);
  }

  const problems: { message: string; members: string[] }[] = [];
  for (const c of model.columns) {
    const property = model.schema.properties[c.field]!;
    const [type] = nonNullTypes(property.type);
    const parse = (raw: unknown): unknown => {
      // A query its route's schema checked holds numbers and booleans already (checkedListQuery).
      if (typeof raw === 'number' && (type === 'integer' || type === 'number')) return raw;
      if (typeof raw === 'boolean' && type === 'boolean') return raw;
      if (typeof raw !== 'string') return undefined;
      if (type === 'integer' || type === 'number') return Number.isFinite(Number(raw)) ? Number(raw) : undefined;
      if (type === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : undefined;
      if (c.sqlType === 'uuid') return /^[0-9a-f-]{36}$/i.test(raw) ? raw : undefined;
      if (c.sqlType === 'date' || c.sqlType === 'timestamp with time zone') return Number.isNaN(Date.parse(raw)) ? undefined : raw;
      return raw;
    };
    const isNull = queryParam(query, `${c.field}_isNull`);
    if (isNull !== undefined && isNull !== '') {
      if (isNull === 'true' || isNull === true) q = q.where(c.column, 'is', null);
      else if (isNull === 'false' || isNull === false) q = q.where(c.column, 'is not', null);
      else problems.push({ message: translate('validation:invalid', lang, { field: c.field }), members: [`${c.field}_isNull`] });
    }
    for (const [suffix, op] of [['', '='], ['_gte', '>='], ['_lte', '<=']] as const) {
      const raw = queryParam(query, `${c.field}${suffix}`);
      if (raw === undefined || raw === '') continue;
      if (c.sqlType === 'jsonb') continue;
      const values = [raw].flat().map(parse);
      if (values.some((v) => v === undefined)) {
        problems.push({ message: translate('validation:invalid', lang, { field: c.field }), members: [`${c.field}${suffix}`] });
        continue;
      }
      q = values.length > 1 && op === '=' ? q.where(c.column, 'in', values) : q.where(c.column, op, values[0]);
    }
  }
  if (problems.length) throw badRequest(translate('errors.validation', lang), problems);
  return { query: withSearch(model, q, queryParam(query, 'filter')), paging, sort };
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
function withSearch(model: ResourceModel, q: Query, text: unknown): Query {
  const search = model.schema['x-resource'].list.search ?? [];
  if (typeof text !== 'string' || !text.trim() || !search.length) return q;
  const pattern = `%${escapeLike(text.trim())}%`;
  const matching = q.where((eb) => eb.or(search.map((f) => eb(searchExpression(model.columnOf.get(f) ?? f), 'ilike', pattern)))).select(sql`ctid`.as('ctid'));
  return q.where(sql`ctid`, '=', sql`any(array(${matching}))`);
}
